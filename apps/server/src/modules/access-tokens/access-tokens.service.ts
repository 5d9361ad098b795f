import { messages } from '@skylog/contracts';
import { accessTokenPrefix } from '../../lib/access-token.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { requireOwnToken } from '../../access/access.ts';
import { notFound } from '../../lib/app-error.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token.ts';
import * as repository from './access-tokens.repository.ts';

function toToken(row: Awaited<ReturnType<typeof repository.insertToken>>) {
  return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

export async function listTokens(ctx: AppContext, { actor }: RequestScope) {
  return { items: (await repository.listTokens(ctx.db, actor.skylogId)).map(toToken) };
}

/** The token is shown once; only its SHA-256 is stored, so a database leak reveals no token. */
export async function createToken(ctx: AppContext, { actor, operation }: RequestScope, name: string) {
  const token = `${accessTokenPrefix}${newSecretToken()}`;
  const row = await repository.insertToken(ctx.db, { userId: actor.skylogId, name, tokenHash: hashSecretToken(token), prefix: token.slice(0, 10) });
  await ctx.audit.record({ actor, action: operation, resource: `access-tokens/${row.id}`, status: 'success', details: { name } });
  return { ...toToken(row), token };
}

export async function revokeToken(ctx: AppContext, scope: RequestScope, id: string) {
  await requireOwnToken(ctx, scope.actor, id, scope);
  if (!(await repository.revokeToken(ctx.db, id))) throw notFound(messages.accessTokenNotFound);
  await ctx.audit.record({ actor: scope.actor, action: scope.operation, resource: `access-tokens/${id}`, status: 'success' });
}
