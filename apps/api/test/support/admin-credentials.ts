/** The super admin every test app signs in as. */
export const adminCredentials = { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' };
