import { limits, logoutRetryMessage, messages, type Me } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { clearCheckoutValues } from '../../../lib/checkout-storage.ts';
import { meKeys } from '../../../lib/query-keys.ts';
import { signOut } from '../api/sign-out.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Logout (docs/product.md "The shell"): drop the stored checkout values, sign out on the server and go to /login. A
 * failure is retried `limits.logoutRetries` times, `limits.logoutRetryDelayMs` apart, each attempt announced, then it
 * gives up with a toast.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    clearCheckoutValues();
    for (let attempt = 0; attempt <= limits.logoutRetries; attempt += 1) {
      try {
        await signOut();
        // The account and the logged-in state go with the session.
        queryClient.setQueryData<Me | undefined>(meKeys.all, undefined);
        queryClient.clear();
        navigate(paths.login.path, { replace: true });
        return;
      } catch {
        if (attempt < limits.logoutRetries) {
          notify.error(logoutRetryMessage(attempt + 1, limits.logoutRetries));
          await wait(limits.logoutRetryDelayMs);
        }
      }
    }
    notify.error(messages.logoutFailed);
    setIsLoggingOut(false);
  }, [navigate, queryClient]);

  return { logout, isLoggingOut };
}
