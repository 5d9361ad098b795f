import { aircraftCategories, aircraftCategoryLabels, aircraftCategorySource } from '@skylog/contracts';

/** Every category, labelled, after "Not set": the choice offered wherever an aircraft's category is asked. */
export const categoryOptions = [
  { value: '', label: 'Not set' },
  ...aircraftCategories.map((category) => ({ value: category, label: aircraftCategoryLabels[category] })),
];

/** Why the category is asked, under every place it is. */
export const categoryHint = `As ${aircraftCategorySource} defines it. Take-offs, landings and go-arounds are found by the category's rules.`;
