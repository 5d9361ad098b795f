import { accessAdmits, type ApiAccess, type ApiOperation, type Role } from '@skylog/contracts';
import { access } from 'virtual:skylog-operation-routes';

/**
 * Who may call each operation (contracts' `apiAccess`), as the build read it from the operation table: the
 * screens show a button or a section only to roles the server will let through, without loading the table's
 * schemas.
 */
export const operationAccess = access as Readonly<Record<ApiOperation, ApiAccess>>;

/** Whether a role may call an operation at all (the server still checks scope per row). */
export function canCallOperation(role: Role, operation: ApiOperation): boolean {
  return accessAdmits(operationAccess[operation], role);
}
