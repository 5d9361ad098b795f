import { roleGroups } from '../roles.ts';
import { markerCategoriesUpdateSchema, markerCategoryListSchema } from '../markers.ts';
import { defineOperations } from './define.ts';

/** The organization's labels and colours of the recorder's four rocker keys: every member reads them, its administrators set them. */
export const markersOperations = defineOperations({
  read: {
    name: 'marker-categories.read',
    method: 'GET',
    path: '/api/marker-categories',
    access: 'authenticated',
    summary: 'The four rocker keys as the organization labels and colours them',
    responses: { 200: markerCategoryListSchema },
  },
  update: {
    name: 'marker-categories.update',
    method: 'PUT',
    path: '/api/marker-categories',
    access: roleGroups.orgAdmins,
    summary: 'Set the labels and colours of all four rocker keys',
    body: markerCategoriesUpdateSchema,
    responses: { 200: markerCategoryListSchema },
  },
});
