import { limits } from '@skylog/contracts';
import { lazy, Suspense } from 'react';
import 'react-toastify/dist/ReactToastify.css';

// Toasts only follow an action, so their library loads after the first screen (it is not in the entry
// script). Toasts asked for before it has loaded are queued by react-toastify and shown once it mounts.
const loadToastify = () => import('react-toastify');

const Container = lazy(async () => {
  const { Slide, ToastContainer } = await loadToastify();
  return {
    default: () => (
      <ToastContainer position="top-center" autoClose={limits.toastAutoCloseMs} transition={Slide} theme="colored" newestOnTop closeOnClick />
    ),
  };
});

/** Toasts appear at the top centre, coloured by kind (error red), and close by themselves after 3000 ms (spec §8). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}

export const notify = {
  success: (message: string) => void loadToastify().then(({ toast }) => toast.success(message)),
  error: (message: string) => void loadToastify().then(({ toast }) => toast.error(message)),
  warning: (message: string) => void loadToastify().then(({ toast }) => toast.warning(message)),
};
