import { limits } from '@skylog/contracts';

/** The server's password rule, checked while typing; the server checks it again. */
export function getPasswordErrors(password: string, confirmation: string): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (password.length < limits.passwordMinLength) errors.password = `Password must be at least ${limits.passwordMinLength} characters`;
  else if (password.length > limits.passwordMaxLength) errors.password = `Password must be at most ${limits.passwordMaxLength} characters`;
  if (confirmation !== password) errors.confirmation = 'The passwords do not match';
  return errors;
}
