import { limits } from '@skylog/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type ModalProps = {
  /** The modal opens when content is set and closes when it is cleared. */
  content: ReactNode | null;
  title: string;
  onRequestClose: () => void;
};

/**
 * Overlay: closes on Escape or a backdrop click (through onRequestClose, which may refuse), locks
 * page scrolling, fades out, and clears its content 300 ms after closing. At most 90% of the viewport high.
 */
export function Modal({ content, title, onRequestClose }: ModalProps) {
  const isOpen = content !== null;
  const [shownContent, setShownContent] = useState<ReactNode | null>(content);
  const [isVisible, setIsVisible] = useState(isOpen);
  const onRequestCloseRef = useRef(onRequestClose);
  onRequestCloseRef.current = onRequestClose;

  useEffect(() => {
    if (isOpen) {
      setShownContent(content);
      const frame = requestAnimationFrame(() => setIsVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    setIsVisible(false);
    const timer = setTimeout(() => setShownContent(null), limits.modalCloseDelayMs);
    return () => clearTimeout(timer);
  }, [isOpen, content]);

  useEffect(() => {
    if (!isOpen) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onRequestCloseRef.current();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  if (shownContent === null) return null;
  return createPortal(
    <div
      data-testid="modal-backdrop"
      className={`fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4 transition-opacity duration-300 ${
        isVisible ? 'opacity-100' : 'pointer-events-none opacity-0'
      }`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onRequestCloseRef.current();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="relative flex w-full max-w-2xl flex-col overflow-y-auto rounded-xl bg-white shadow-xl"
        style={{ maxHeight: `${limits.modalMaxHeightVh}vh` }}
      >
        {shownContent}
      </div>
    </div>,
    document.body,
  );
}
