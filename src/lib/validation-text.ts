import type { ValidationMessage } from '../../domain/validation.ts';
import { m } from '../paraglide/messages.js';
import type { Lang } from './i18n.ts';

type Message = (inputs: Record<string, never>, options: { locale: Lang }) => string;

// Listed one by one so an island bundles only these messages, not the whole catalogue.
const texts: Record<ValidationMessage, Message> = {
  login_check_email: m.login_check_email,
  login_check_password: m.login_check_password,
  password_confirm_new_equal_check_message: m.password_confirm_new_equal_check_message,
  password_new_check_message: m.password_new_check_message,
  password_old_check_message: m.password_old_check_message,
  signup_check_city: m.signup_check_city,
  signup_check_confirm_password: m.signup_check_confirm_password,
  signup_check_email: m.signup_check_email,
  signup_check_email_valid: m.signup_check_email_valid,
  signup_check_license: m.signup_check_license,
  signup_check_mobile: m.signup_check_mobile,
  signup_check_name: m.signup_check_name,
  signup_check_password: m.signup_check_password,
  signup_check_password_match: m.signup_check_password_match,
  signup_check_ssn: m.signup_check_ssn,
  signup_check_state: m.signup_check_state,
  user_data_check_address_info: m.user_data_check_address_info,
  user_data_check_city: m.user_data_check_city,
  user_data_check_email: m.user_data_check_email,
  user_data_check_image: m.user_data_check_image,
  user_data_check_license: m.user_data_check_license,
  user_data_check_mobile: m.user_data_check_mobile,
  user_data_check_name: m.user_data_check_name,
  user_data_check_ssn: m.user_data_check_ssn,
  user_data_check_state: m.user_data_check_state,
  validation_email_invalid: m.validation_email_invalid,
  vehicle_check_id: m.vehicle_check_id,
  vehicle_check_brand: m.vehicle_check_brand,
  vehicle_check_model: m.vehicle_check_model,
  vehicle_check_year: m.vehicle_check_year,
  vehicle_year_min: m.vehicle_year_min,
  vehicle_year_max: m.vehicle_year_max,
  vehicle_check_meals: m.vehicle_check_meals,
  vehicle_meals_min: m.vehicle_meals_min,
  vehicle_meals_max: m.vehicle_meals_max,
  vehicle_check_body_type: m.vehicle_check_body_type,
  vehicle_check_color: m.vehicle_check_color,
  vehicle_check_painted_type: m.vehicle_check_painted_type,
  vehicle_check_painted_status: m.vehicle_check_painted_status,
  vehicle_check_specification: m.vehicle_check_specification,
  vehicle_check_gear_type: m.vehicle_check_gear_type,
  vehicle_check_oil_type: m.vehicle_check_oil_type,
  vehicle_check_price: m.vehicle_check_price,
  vehicle_price_min: m.vehicle_price_min,
  vehicle_price_decimals: m.vehicle_price_decimals,
  vehicle_check_currency: m.vehicle_check_currency,
  vehicle_check_features: m.vehicle_check_features,
  vehicle_check_image: m.vehicle_check_image,
  vehicle_check_photos: m.vehicle_check_photos,
  vehicle_photos_max: m.vehicle_photos_max,
  vehicle_check_extras: m.vehicle_check_extras,
  vehicle_description_max: m.vehicle_description_max,
  vehicle_check_360_image: m.vehicle_check_360_image,
};

/** The text of a form rule's message (domain/validation.ts) in the visitor's language. */
export function validationText(key: ValidationMessage, lang: Lang): string {
  return texts[key]({}, { locale: lang });
}
