import { roleGroups } from '../roles.ts';
import { dayRangeQuerySchema, trainingExportQuerySchema } from '../schemas/periods.ts';
import { studentsTrainingSchema, trainingRecordSchema } from '../schemas/training.ts';
import { skylogIdParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** Training records: a person's flights and figures in a range of days, on screen and as CSV. */
export const trainingOperations = defineOperations({
  // Whoever may see the person, counted in the flights the reader may see (its service decides).
  record: {
    name: 'users.training-record',
    method: 'GET',
    path: '/api/users/:skylog_id/training-record',
    access: 'authenticated',
    summary: "A person's training record: flights, hours by seat, landings, markers, the analysis's findings, last debrief",
    params: skylogIdParamsSchema,
    query: dayRangeQuerySchema,
    responses: { 200: trainingRecordSchema },
  },
  recordCsv: {
    name: 'users.training-record',
    method: 'GET',
    path: '/api/users/:skylog_id/training-record.csv',
    access: 'authenticated',
    summary: "A person's training record as CSV: a row per flight (UTF-8, ISO dates, hours as decimals)",
    params: skylogIdParamsSchema,
    query: dayRangeQuerySchema,
    responses: { 200: 'file' },
  },
  // Every student's flights of the organization or a sub-organization, as CSV: the organization's admins.
  exportCsv: {
    name: 'training-records.export',
    method: 'GET',
    path: '/api/training-records.csv',
    access: roleGroups.orgAdmins,
    summary: "Every student's flights of the organization or a sub-organization as CSV: a row per flight and student",
    query: trainingExportQuerySchema,
    responses: { 200: 'file' },
  },
  studentsTraining: {
    name: 'users.training-record',
    method: 'GET',
    path: '/api/users/:skylog_id/students-training',
    access: 'authenticated',
    summary: "An instructor's students, each with their training record's figures",
    params: skylogIdParamsSchema,
    query: dayRangeQuerySchema,
    responses: { 200: studentsTrainingSchema },
  },
});
