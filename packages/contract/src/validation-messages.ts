/**
 * Field messages shared by the dashboard (form errors) and the API (422 bodies).
 * Schemas carry these keys; each side translates them into the user's language.
 */
export const validationMessages = {
  en: {
    required: 'This field is required',
    invalid: 'This value is not valid',
    nameMin: 'Must be at least 2 characters',
    nameMax: 'Must be at most 255 characters',
    arabicNameRequired: 'Arabic name is required',
    englishNameRequired: 'English name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email address',
    passwordRequired: 'Password is required',
    booleanInvalid: 'Must be 1 or 0',
    idInvalid: 'Must be a positive whole number',
    pageInvalid: 'Must be a page number from 1',
    perPageInvalid: 'Must be between 1 and 100',
    searchTooLong: 'Search text is too long',
    imageRequired: 'Image is required',
    flagImageRequired: 'Flag image is required',
    fileTooLarge: 'The file must not be larger than 5 MB',
    fileTypeInvalid: 'The file must be a PNG, JPEG or WebP image',
    imageNotHorizontal: 'The image must be horizontal (wider than it is tall)',
    mobilePrefixInvalid: 'A mobile prefix looks like +20',
    nameTaken: 'This name is already in use',
    countryRequired: 'Country is required',
    cityRequired: 'City is required',
    priceInvalid: 'Enter a price of 0 or more',
    featuresRequired: 'Add at least one feature',
    statusInvalid: 'This status is not allowed',
  },
  ar: {
    required: 'هذا الحقل مطلوب',
    invalid: 'هذه القيمة غير صالحة',
    nameMin: 'يجب ألا يقل عن حرفين',
    nameMax: 'يجب ألا يزيد عن 255 حرفًا',
    arabicNameRequired: 'الاسم بالعربية مطلوب',
    englishNameRequired: 'الاسم بالإنجليزية مطلوب',
    emailRequired: 'البريد الإلكتروني مطلوب',
    emailInvalid: 'أدخل بريدًا إلكترونيًا صحيحًا',
    passwordRequired: 'كلمة المرور مطلوبة',
    booleanInvalid: 'يجب أن تكون القيمة 1 أو 0',
    idInvalid: 'يجب أن يكون رقمًا صحيحًا موجبًا',
    pageInvalid: 'يجب أن يكون رقم صفحة يبدأ من 1',
    perPageInvalid: 'يجب أن يكون بين 1 و100',
    searchTooLong: 'نص البحث طويل جدًا',
    imageRequired: 'الصورة مطلوبة',
    flagImageRequired: 'صورة العلم مطلوبة',
    fileTooLarge: 'يجب ألا يزيد حجم الملف عن 5 ميجابايت',
    fileTypeInvalid: 'يجب أن يكون الملف صورة PNG أو JPEG أو WebP',
    imageNotHorizontal: 'يجب أن تكون الصورة أفقية (عرضها أكبر من طولها)',
    mobilePrefixInvalid: 'مفتاح الهاتف يكون بالشكل ‎+20',
    nameTaken: 'هذا الاسم مستخدم بالفعل',
    countryRequired: 'الدولة مطلوبة',
    cityRequired: 'المدينة مطلوبة',
    priceInvalid: 'أدخل سعرًا يساوي 0 أو أكثر',
    featuresRequired: 'أضف ميزة واحدة على الأقل',
    statusInvalid: 'هذه الحالة غير مسموح بها',
  },
} as const;

export type ValidationMessageKey = keyof (typeof validationMessages)['en'];
export type Language = keyof typeof validationMessages;

export const isValidationMessageKey = (value: string): value is ValidationMessageKey =>
  Object.prototype.hasOwnProperty.call(validationMessages.en, value);
