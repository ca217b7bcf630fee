/**
 * No stale reads across processes: with both APIs warm (their caches filled), a change made through api 1 is
 * read at once through api 2, because every cache is keyed by versions kept in the database, never by what
 * one process remembers. Covers the member list, the documents page cache, and the signed-in user's roles
 * with what they let the user see. Answers one line per check; throws on the first stale read.
 */
import type { AppDeps } from '../../src/deps.ts';
import { makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { call, companyWithAdmin } from './scale-out-work.ts';

type Named = { id: string; name?: string };

function expectSame(what: string, found: unknown, expected: unknown) {
  if (JSON.stringify(found) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, read ${JSON.stringify(found)}`);
}

export async function checkFreshReads(deps: AppDeps, api1: string, api2: string) {
  const { company, token } = await companyWithAdmin(deps, 'fresh');
  const member = await makeUser(deps, company.id, { name: '変更前 花子' });
  const memberToken = (await signIn(deps, member)).jwt;
  const doc = await makeDocument(deps, company.id);
  const lines: string[] = [];

  const memberName = async () => {
    const body = (await call(`${api2}/members`, { token }, 200)) as unknown as { members: Named[] };
    return body.members.find((m) => m.id === member.id)?.name;
  };
  expectSame('member name before the change, through api 2', await memberName(), '変更前 花子');
  await call(
    `${api1}/users/${member.id}`,
    { method: 'PUT', token, body: JSON.stringify({ name: '変更後 花子' }) },
    200,
  );
  expectSame(
    'member name right after the change through api 1, read through api 2',
    await memberName(),
    '変更後 花子',
  );
  lines.push('member list: a name changed through api 1 is read at once through api 2');

  // A keyword search over every company document is served from the page cache once warm: the change must
  // reach it through the documents version, not wait for the remembered page to age out.
  const found = async () => {
    const url = `${api2}/documents?keyword=${encodeURIComponent('スケールアウト確認')}`;
    const body = (await call(url, { token }, 200)) as unknown as { documents: Named[] };
    return body.documents.map((d) => d.id);
  };
  expectSame('documents found before the change, through api 2', await found(), []);
  expectSame('documents found again (cached page), through api 2', await found(), []);
  await call(
    `${api1}/documents/${doc.id}/attribute`,
    { method: 'PUT', token, body: JSON.stringify({ title: 'スケールアウト確認の契約' }) },
    200,
  );
  expectSame('documents found right after the change through api 1, through api 2', await found(), [
    doc.id,
  ]);
  lines.push('documents page cache: a title set through api 1 is found at once through api 2');

  const me = async () =>
    (
      (await call(`${api2}/me`, { token: memberToken }, 200)) as unknown as {
        user: { roles: string[] };
      }
    ).user.roles;
  expectSame('roles before the change, through api 2', await me(), []);
  await call(`${api2}/members`, { token: memberToken }, 403);
  await call(
    `${api1}/users/${member.id}`,
    { method: 'PUT', token, body: JSON.stringify({ roles: ['CompanyAdmin'] }) },
    200,
  );
  expectSame('roles right after the change through api 1, read through api 2', await me(), [
    'CompanyAdmin',
  ]);
  await call(`${api2}/members`, { token: memberToken }, 200);
  lines.push(
    'permissions: a role granted through api 1 applies at once through api 2 (/me and /members)',
  );
  return lines;
}
