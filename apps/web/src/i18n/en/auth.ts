export default {
  welcome: 'Welcome back!',
  subtitle: 'Sign in to the Sehha dashboard',
  adminsOnly: 'Only admins can access the dashboard.',
  email: 'Email',
  emailPlaceholder: 'admin@example.com',
  password: 'Password',
  submit: 'Login',
  submitting: 'Logging in…',
  success: 'You are logged in!',
  failed: 'Login failed. Please try again.',
};
