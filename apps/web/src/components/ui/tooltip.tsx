import * as RadixTooltip from '@radix-ui/react-tooltip';
import { limits } from '@skylog/contracts';
import type { ReactNode } from 'react';

/** Tooltips, placed, sized and faded by `limits.tooltipOffsetPx`, `tooltipMaxWidthPx` and `tooltipFadeMs`. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={150}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={limits.tooltipOffsetPx}
            className="skylog-tooltip z-50 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
            style={{ maxWidth: limits.tooltipMaxWidthPx, animationDuration: `${limits.tooltipFadeMs}ms` }}
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
