export default {
  welcome: 'مرحبًا بعودتك!',
  subtitle: 'سجّل الدخول إلى لوحة تحكم صحّة',
  adminsOnly: 'لوحة التحكم متاحة للمشرفين فقط.',
  email: 'البريد الإلكتروني',
  emailPlaceholder: 'admin@example.com',
  password: 'كلمة المرور',
  submit: 'تسجيل الدخول',
  submitting: 'جارٍ تسجيل الدخول…',
  success: 'تم تسجيل دخولك بنجاح!',
  failed: 'فشل تسجيل الدخول. يرجى المحاولة مرة أخرى.',
};
