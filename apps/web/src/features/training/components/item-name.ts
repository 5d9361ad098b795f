import type { LessonRecordItem } from '@skylog/contracts';

/** "PA.V.A Steep Turns": an item as a list names it. */
export const itemName = (item: Pick<LessonRecordItem, 'task_code' | 'title'>) =>
  item.task_code ? `${item.task_code} ${item.title}` : item.title;
