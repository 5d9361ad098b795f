import { LoginForm } from '../auth/components/login-form.tsx'; export const x = LoginForm;
