import { limits } from '@skylog/contracts';
import { Slide, toast, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Toasts appear at the top centre, coloured by kind (error red), and close by themselves after 3000 ms (spec §8). */
export function Toaster() {
  return <ToastContainer position="top-center" autoClose={limits.toastAutoCloseMs} transition={Slide} theme="colored" newestOnTop closeOnClick />;
}

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
};
