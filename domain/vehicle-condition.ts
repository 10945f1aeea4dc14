/*
 * New or used. A listing has no condition field of its own (the spec's vehicle has none), and a
 * seller must enter a distance above zero (spec §5), so a new vehicle is one whose odometer
 * shows no more than the kilometres of delivery and a test drive.
 */

/** The most kilometres a vehicle may have travelled and still be sold as new. */
export const NEW_VEHICLE_MAX_KM = 100;

export type VehicleCondition = 'new' | 'used';

export function vehicleCondition(kilometres: number): VehicleCondition {
  return kilometres <= NEW_VEHICLE_MAX_KM ? 'new' : 'used';
}
