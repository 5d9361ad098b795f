import {
  chainBreakMessage,
  type LogbookEntry,
  type LogbookVerification,
  type logbookSignBodySchema,
  logbookMessages,
} from '@skylog/contracts';
import { chainStart, sha256Hex, verifyChain } from '@skylog/logbook';
import type { z } from 'zod';
import { logbookRights, requireLogbook, requireLogbookEntry } from '../../access/access.ts';
import { findStudentIdsOf } from '../../access/access.repository.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { awaitsSignature, changedSinceSigning, entryContent, latestSignatures, toEntry } from './entry-view.ts';
import * as repository from './logbook.repository.ts';
import type { EntryRow, SignatureRow } from './logbook.repository.ts';
import { getEntry } from './logbook.service.ts';
import { requireSigner, type Signer } from './signer.ts';
import { openRequestsOf } from './endorsements.service.ts';

/**
 * Instructors' electronic signatures of their students' entries (AC 120-78; docs/product.md "Logbook"): given
 * only after the instructor proves it is them again, stored with their certificate and the SHA-256 of the entry's
 * canonical content, and linked into the student's hash chain so that a deleted or reordered signature shows.
 */

/**
 * Stores a signature of the entry as it is and links it into its pilot's chain. Offered to the seed as well: it
 * takes the executor of a transaction that holds the pilot's logbook lock (`lockLogbookOf`) and decides nothing.
 */
export async function appendSignature(
  tx: Executor,
  entry: EntryRow,
  /** When it was signed is now unless a record is being written as it was (the demo school's history). */
  signer: Signer & { signedAt?: Date },
): Promise<SignatureRow> {
  const content = entryContent(entry);
  const entryHash = await sha256Hex(content);
  const signed = await repository.insertSignature(tx, {
    entryId: entry.id,
    pilotId: entry.pilotId,
    ...signer,
    entryHash,
    signedContent: content,
  });
  const previous = await repository.lastChainLink(tx, entry.pilotId);
  await repository.appendChainLink(tx, {
    pilotId: entry.pilotId,
    position: (previous?.position ?? 0) + 1,
    signatureId: signed.id,
    entryId: entry.id,
    entryDate: entry.fields.date,
    entryHash,
    link: await sha256Hex((previous?.link ?? chainStart) + entryHash),
  });
  return signed;
}

export async function signEntry(
  ctx: AppContext,
  scope: RequestScope,
  id: string,
  input: z.infer<typeof logbookSignBodySchema>,
): Promise<LogbookEntry> {
  const { actor, operation } = scope;
  const { entry } = await requireLogbookEntry(ctx, actor, id, 'sign', scope);
  const signer = await requireSigner(ctx, scope, input, 'signing');
  const signature = await ctx.db.transaction(async (tx) => {
    await repository.lockLogbookOf(tx, entry.pilotId);
    // Read again under the lock: the entry as it is now is what gets signed.
    const current = latestSignatures(await repository.listSignaturesOfEntries(tx, [id])).get(id);
    const now = await repository.findEntry(tx, id);
    if (!now) throw notFound(logbookMessages.logbookEntryNotFound);
    if (current && current.instructorId === actor.skylogId && changedSinceSigning(now, current).length === 0)
      throw conflict(logbookMessages.signAlreadyValid);
    return appendSignature(tx, now, signer);
  });
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `logbook/${id}`,
    status: 'success',
    details: {
      pilot: entry.pilotId,
      signature: signature.id,
      hash: signature.entryHash,
      method: signer.method,
      certificate_number: signer.certificateNumber,
    },
  });
  return getEntry(ctx, scope, id);
}

/**
 * Checks a pilot's logbook: every signature against its entry as it is now, and the hash chain over the signatures
 * in the order they were given (a signature missing, its entry deleted, or one out of order breaks it).
 */
export async function verifyLogbook(ctx: AppContext, scope: RequestScope, pilotId: string): Promise<LogbookVerification> {
  await requireLogbook(ctx, scope.actor, pilotId, 'read', scope);
  const [chain, signatures, entries] = await Promise.all([
    repository.listChain(ctx.db, pilotId),
    repository.listSignaturesOfPilots(ctx.db, [pilotId]),
    repository.listEntriesOf(ctx.db, [pilotId]),
  ]);
  const result = await verifyChain(
    chain.map((link) => ({ entryId: link.signatureId, entryHash: link.entryHash, link: link.link })),
    signatures.map((signature) => ({ entryId: signature.id, entryHash: signature.entryHash })),
  );
  const latest = latestSignatures(signatures);
  const invalid = entries.flatMap((entry) => {
    const signature = latest.get(entry.id);
    const changed = signature ? changedSinceSigning(entry, signature) : [];
    return changed.length > 0 ? [{ entry_id: entry.id, date: entry.fields.date, changed_fields: changed }] : [];
  });
  const brokenLink = result.valid ? undefined : chain[result.index];
  const brokenSignature = result.valid ? undefined : signatures.find((signature) => signature.id === result.entryId);
  return {
    checked_at: new Date().toISOString(),
    signatures: signatures.length,
    chain: {
      valid: result.valid,
      break: result.valid
        ? null
        : {
            index: result.index,
            signature_id: result.entryId,
            entry_id: brokenLink?.entryId ?? brokenSignature?.entryId ?? null,
            reason: result.reason,
            message: chainBreakMessage(result.reason, brokenLink?.entryDate ?? null),
          },
    },
    invalid_entries: invalid,
  };
}

/** The instructor's students' entries awaiting their signature (never signed, or changed since), and open requests. */
export async function getSigningQueue(ctx: AppContext, scope: RequestScope) {
  const { actor } = scope;
  const studentIds = await findStudentIdsOf(ctx.db, actor.skylogId);
  const [people, entries, signatures, requests] = await Promise.all([
    repository.findPeople(ctx.db, studentIds),
    repository.listEntriesOf(ctx.db, studentIds),
    repository.listSignaturesOfPilots(ctx.db, studentIds),
    openRequestsOf(ctx, studentIds),
  ]);
  const latest = latestSignatures(signatures);
  const byId = new Map(people.map((person) => [person.skylogId, person]));
  const waiting = entries.filter((entry) => awaitsSignature(entry, latest.get(entry.id)) && entry.fields.total_hours > 0);
  const rights = new Map(
    await Promise.all(people.map(async (person) => [person.skylogId, await logbookRights(ctx, actor, person)] as const)),
  );
  const items: LogbookEntry[] = waiting.flatMap((entry) => {
    const person = byId.get(entry.pilotId);
    const granted = rights.get(entry.pilotId);
    return person && granted
      ? [toEntry(entry, { skylog_id: person.skylogId, name: person.name, user_type: person.userType }, latest.get(entry.id), granted)]
      : [];
  });
  return { entries: items, endorsement_requests: requests };
}
