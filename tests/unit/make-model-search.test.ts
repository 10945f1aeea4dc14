import { describe, expect, it } from 'vitest';
import { foldSearchText, matchMakeModel, type NamedMake } from '../../domain/make-model-search.ts';

const makes: NamedMake[] = [
  {
    id: 1,
    nameAr: 'تويوتا',
    nameEn: 'Toyota',
    models: [
      { id: 10, nameAr: 'كورولا', nameEn: 'Corolla' },
      { id: 11, nameAr: 'لاند كروزر', nameEn: 'Land Cruiser' },
      { id: 12, nameAr: 'سي اتش آر', nameEn: 'C-HR' },
    ],
  },
  {
    id: 2,
    nameAr: 'هيونداي',
    nameEn: 'Hyundai',
    models: [
      { id: 20, nameAr: 'إلنترا', nameEn: 'Elantra' },
      { id: 21, nameAr: 'i20', nameEn: 'i20' },
    ],
  },
  { id: 3, nameAr: 'لاند روفر', nameEn: 'Land Rover', models: [] },
];

describe('foldSearchText', () => {
  it('folds case, hamza forms, taa marbuta, diacritics, tatweel, digits and punctuation', () => {
    expect(foldSearchText('  إلنتــرا  ')).toBe('النترا');
    expect(foldSearchText('سيّارة')).toBe('سياره');
    expect(foldSearchText('C-HR')).toBe('c hr');
    expect(foldSearchText('i٢٠')).toBe('i20');
  });
});

describe('matchMakeModel', () => {
  it('finds the make and its model in either language', () => {
    expect(matchMakeModel('تويوتا كورولا', makes)).toEqual({
      vehicleBrandId: 1,
      vehicleModelId: 10,
    });
    expect(matchMakeModel('toyota corolla 2018', makes)).toEqual({
      vehicleBrandId: 1,
      vehicleModelId: 10,
    });
    expect(matchMakeModel('هيونداي النترا', makes)).toEqual({
      vehicleBrandId: 2,
      vehicleModelId: 20,
    });
  });

  it('takes a make alone, and a model alone with its make', () => {
    expect(matchMakeModel('Hyundai', makes)).toEqual({ vehicleBrandId: 2 });
    expect(matchMakeModel('c-hr', makes)).toEqual({ vehicleBrandId: 1, vehicleModelId: 12 });
    expect(matchMakeModel('i٢٠', makes)).toEqual({ vehicleBrandId: 2, vehicleModelId: 21 });
  });

  it('prefers the longest name and matches whole words only', () => {
    expect(matchMakeModel('land rover', makes)).toEqual({ vehicleBrandId: 3 });
    expect(matchMakeModel('toyota land cruiser', makes)).toEqual({
      vehicleBrandId: 1,
      vehicleModelId: 11,
    });
    expect(matchMakeModel('toyotas', makes)).toBeNull();
    expect(matchMakeModel('   ', makes)).toBeNull();
    expect(matchMakeModel('Tesla', makes)).toBeNull();
  });
});
