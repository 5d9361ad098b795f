import { limits } from '@skylog/contracts';

/** An entry of the browser's own `audit_logs` list (docs/product.md "The audit log and alerts"); the server keeps the real log. */
export type LocalAuditEntry = {
  timestamp: string;
  userId: string;
  userRole: string;
  action: 'access';
  resource: string;
  status: 'denied';
  details: { path: string; isSelfAccess: boolean; timestamp: string };
};

const auditKey = 'audit_logs';
const alertKey = 'alert';

function readEntries(): LocalAuditEntry[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(auditKey) ?? '[]');
    return Array.isArray(value) ? (value as LocalAuditEntry[]) : [];
  } catch {
    return [];
  }
}

/**
 * Appends a denied access and, at `limits.suspiciousDenials` denials by the same user within
 * `limits.suspiciousWindowMs`, stores the `alert` entry. A failure to write is only logged.
 */
export function recordLocalDenial(userId: string, userRole: string, path: string, isSelfAccess: boolean, now = new Date()): void {
  try {
    const timestamp = now.toISOString();
    const entries = [
      ...readEntries(),
      { timestamp, userId, userRole, action: 'access', resource: path, status: 'denied', details: { path, isSelfAccess, timestamp } },
    ] satisfies LocalAuditEntry[];
    // Only the latest entries: the browser log is a convenience, the server's is the record.
    window.localStorage.setItem(auditKey, JSON.stringify(entries.slice(-100)));
    const windowStart = now.getTime() - limits.suspiciousWindowMs;
    const recent = entries.filter((entry) => entry.userId === userId && Date.parse(entry.timestamp) >= windowStart);
    if (recent.length >= limits.suspiciousDenials) {
      window.localStorage.setItem(alertKey, JSON.stringify({ timestamp, userId, userRole, count: recent.length, message: 'Suspicious activity detected' }));
    }
  } catch (error) {
    console.error('Failed to write the audit log', error);
  }
}
