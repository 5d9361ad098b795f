import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { EmailSender } from '../integrations/email/index.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { Auth } from '../plugins/auth.ts';

/** What services need from the running app, passed explicitly (no globals). */
export type AppContext = {
  config: AppConfig;
  db: Database;
  email: EmailSender;
  auth: Auth;
  audit: AuditService;
};
