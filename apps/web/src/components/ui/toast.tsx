import { limits } from '@skylog/contracts';
import { Component, lazy, Suspense, type ReactNode } from 'react';
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

/** A library that failed to load (a dropped connection) costs the toasts, never the screen around them. */
class WithoutToastsOnError extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/** Toasts appear at the top centre, coloured by kind (error red), and close by themselves after `limits.toastAutoCloseMs`. */
export function Toaster() {
  return (
    <WithoutToastsOnError>
      <Suspense fallback={null}>
        <Container />
      </Suspense>
    </WithoutToastsOnError>
  );
}

type Kind = 'success' | 'error' | 'warning';

function show(kind: Kind, message: string) {
  loadToastify().then(
    ({ toast }) => toast[kind](message),
    // The message cannot be shown as a toast: keep it where a developer or support can read it.
    () => console.warn(`Skylog (${kind}): ${message}`),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};
