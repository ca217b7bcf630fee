/**
 * Set-based SQL for large benchmark companies (`--members 100000 --documents 1000000`). Every value
 * is a pure function of the row number, so members, documents, participants and cabinet links computed in
 * separate statements agree without reading each other back. search_text is built from word lists that were
 * normalised in Node (normalizeSearchText), so it equals memberSearchText / documentSearchText exactly:
 * normalisation works character by character, and every part is non-empty with no outer spaces.
 * Row numbers go up to 10,000,000: every product of a row number must stay inside int4 (or be cast to bigint).
 */

/** Bind parameters collected while a statement is written. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    // Parenthesised so a cast array can be subscripted: ($1::text[])[2].
    return cast ? `($${this.values.length}${cast})` : `$${this.values.length}`;
  }
}

/** A version-4-shaped UUID from a text key (valid for z.uuid(), which checks the version and variant). */
export const uuidFrom = (key: string) =>
  `(overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid)`;

export type Lists = {
  familyK: string;
  familyN: string;
  familyR: string;
  nFamily: number;
  givenK: string;
  givenN: string;
  givenR: string;
  /** The readings (katakana, already as memberSearchText folds them). */
  familyY: string;
  givenY: string;
  nGiven: number;
  orgs: string;
  orgsN: string;
  nOrgs: number;
  kinds: string;
  kindsN: string;
  kindsType: string;
  nKinds: number;
  cps: string;
  cpsN: string;
  cpsDomain: string;
  nCps: number;
  company: string;
  slug: string;
};

// Index formulas: spread consecutive numbers over the lists so neighbours look different.
const fam = (n: string, l: Lists) => `(1 + ((${n}) * 7 + (${n}) / 13) % ${l.nFamily})`;
const giv = (n: string, l: Lists) => `(1 + ((${n}) * 11 + (${n}) / 7) % ${l.nGiven})`;
const org = (n: string, l: Lists) => `(1 + ((${n}) * 3 + (${n}) / 5) % ${l.nOrgs})`;

export const member = {
  id: (n: string, l: Lists) => uuidFrom(`${l.company}::text || ':u:' || (${n})`),
  name: (n: string, l: Lists) => `(${l.familyK}[${fam(n, l)}] || ' ' || ${l.givenK}[${giv(n, l)}])`,
  /** The name without its space: the first field of memberSearchText. */
  nameCompact: (n: string, l: Lists) => `(${l.familyN}[${fam(n, l)}] || ${l.givenN}[${giv(n, l)}])`,
  /** フリガナ as the member form stores it (a full-width space between family and given name). */
  furigana: (n: string, l: Lists) =>
    `(${l.familyY}[${fam(n, l)}] || chr(12288) || ${l.givenY}[${giv(n, l)}])`,
  /** フリガナ without its space: the second field of memberSearchText. */
  furiganaCompact: (n: string, l: Lists) =>
    `(${l.familyY}[${fam(n, l)}] || ${l.givenY}[${giv(n, l)}])`,
  email: (n: string, l: Lists) =>
    `(case when (${n}) = 1 then 'admin@' || ${l.slug} else left(${l.givenR}[${giv(n, l)}], 1) || '.' || ${l.familyR}[${fam(n, l)}] || '.' || (${n}) || '@' || ${l.slug} end)`,
  org: (n: string, l: Lists) => `${l.orgs}[${org(n, l)}]`,
  orgN: (n: string, l: Lists) => `${l.orgsN}[${org(n, l)}]`,
};

export function membersSql(l: Lists, from: string, to: string, passwordHash: string): string {
  return `
insert into users (id, company_id, email, name, furigana, organization, roles, status, mfa, mfa_secret, password_hash, search_text, created_at, updated_at)
select ${member.id('n', l)}, ${l.company}, e, ${member.name('n', l)}, ${member.furigana('n', l)}, ${member.org('n', l)},
  case when n = 1 then '{CompanyAdmin}'::text[] when n % 500 = 0 then '{CompanyApprover}'::text[] else '{}'::text[] end,
  st, case when st = 1 and n % 5 = 0 then 1 else 2 end,
  case when st = 1 and n % 5 = 0 then translate(upper(md5(n::text)), '0189', 'WXYZ') end,
  case when st = 0 then null else ${passwordHash} end,
  ${member.nameCompact('n', l)} || ' ' || ${member.furiganaCompact('n', l)} || ' ' || e || ' ' || ${member.orgN('n', l)},
  now() - (n % 1000) * interval '1 day', now() - (n % 1000) * interval '1 day'
from (
  select n, ${member.email('n', l)} as e,
    case when n = 1 then 1 when n % 20 = 0 then 0 when n % 33 = 0 then 2 else 1 end as st
  from generate_series(${from}, ${to}) as n
) m`;
}

/** Participant p (1–3) of document i: a person at the document's counterparty. */
export const participant = {
  f: (l: Lists) => fam('i * 3 + p', l),
  g: (l: Lists) => giv('i * 3 + p', l),
  name: (l: Lists) =>
    `(${l.familyK}[${fam('i * 3 + p', l)}] || ' ' || ${l.givenK}[${giv('i * 3 + p', l)}])`,
  nameN: (l: Lists) =>
    `(${l.familyN}[${fam('i * 3 + p', l)}] || ' ' || ${l.givenN}[${giv('i * 3 + p', l)}])`,
  email: (l: Lists) =>
    `(left(${l.givenR}[${giv('i * 3 + p', l)}], 1) || '.' || ${l.familyR}[${fam('i * 3 + p', l)}] || '@' || ${l.cpsDomain}[c])`,
};

export const docId = (l: Lists) => uuidFrom(`${l.company}::text || ':d:' || i`);
/** Per-document numbers every document statement derives the same way. */
const docBase = (l: Lists, from: string, to: string, members: string) => `
  select i, ${docId(l)} as id,
    1 + (i * 5 + i / 11) % ${l.nKinds} as k,
    1 + (i * 3 + i / 17) % ${l.nCps} as c,
    case when i % 20 < 15 then 2 when i % 20 = 15 then 1 when i % 20 = 16 then 0 when i % 20 = 17 then 3 else 13 end as st,
    (i * 37 + i / 7) % 1095 as d,
    1 + (i * 13) % ${members} as sm,
    1 + i % 3 as np
  from generate_series(${from}, ${to}) as i`;

/** Participant text for search: name, email, organisation (normalised), or null past the count. */
const pText = (l: Lists, p: number) => {
  const ex = (e: string) => e.replaceAll('i * 3 + p', `i * 3 + ${p}`);
  return `case when np >= ${p} then ${ex(participant.nameN(l))} || ' ' || ${ex(participant.email(l))} || ' ' || ${l.cpsN}[c] end`;
};

export function documentsSql(
  l: Lists,
  from: string,
  to: string,
  members: string,
  optionType: string,
  optionDept: string,
): string {
  return `
insert into documents (id, company_id, status, title, sender_id, sender_name, sender_email, sent_at, concluded_at,
  attr_title, counterparty, contract_at, validity_start_at, validity_end_at, validity_end_notice_at, auto_update,
  local_id, amount, options, search_text, created_at, updated_at)
select id, ${l.company}, st, title, ${member.id('sm', l)}, ${member.name('sm', l)}, ${member.email('sm', l)},
  sent_at, concluded_at,
  case when fin then ${l.cps}[c] || ' ' || ${l.kinds}[k] end,
  case when st <> 0 then ${l.cps}[c] end,
  case when fin then cd end,
  case when fin then cd end,
  case when fin then (cd + (1 + i % 3) * interval '1 year' - interval '1 day')::date end,
  case when fin and i % 3 = 1 then (cd + (1 + i % 3) * interval '1 year' - interval '2 months' - interval '1 day')::date end,
  case when fin then i % 3 else 0 end,
  case when fin then 'BN-' || lpad(i::text, greatest(7, length(i::text)), '0') end,
  case when fin and i % 4 <> 0 then ((i::bigint * 7919) % 5000 + 1) * 10000 end,
  case when fin then jsonb_build_object(${optionType}, ${l.kindsType}[k], ${optionDept}, split_part(${member.org('sm', l)}, ' ', 1)) else '{}'::jsonb end,
  concat_ws(' ', ${l.kindsN}[k] || '(' || ${l.cpsN}[c] || ')',
    case when fin then ${l.cpsN}[c] || ' ' || ${l.kindsN}[k] end,
    case when st <> 0 then ${l.cpsN}[c] end,
    ${pText(l, 1)}, ${pText(l, 2)}, ${pText(l, 3)}, id::text),
  coalesce(sent_at, concluded_at, now() - d * interval '1 day') - interval '3 hours',
  coalesce(concluded_at, sent_at, now() - d * interval '1 day')
from (
  select b.*, ${l.kinds}[k] || '（' || ${l.cps}[c] || '）' as title, st in (2, 13) as fin,
    (now() - d * interval '1 day')::date as cd,
    case when st in (1, 2, 3) then now() - d * interval '1 day' - (1 + i % 72) * interval '1 hour' end as sent_at,
    case when st = 2 then now() - d * interval '1 day' end as concluded_at
  from (${docBase(l, from, to, members)}) b
) x`;
}

export function participantsSql(l: Lists, from: string, to: string): string {
  return `
insert into document_participants (document_id, position, name, email, organization)
select ${docId(l)}, p, ${participant.name(l)}, ${participant.email(l)}, ${l.cps}[c]
from (select i, 1 + (i * 3 + i / 17) % ${l.nCps} as c from generate_series(${from}, ${to}) as i) d
cross join generate_series(1, 3) as p
where p <= 1 + i % 3`;
}

/** Drafts stay unfiled; others go to one user cabinet, and every seventh to a second one as well. */
export function cabinetLinksSql(
  l: Lists,
  from: string,
  to: string,
  cabinetIds: string,
  nCabinets: number,
): string {
  return `
insert into document_cabinets (cabinet_id, document_id)
select ${cabinetIds}[1 + (i + s) % ${nCabinets}], ${docId(l)}
from generate_series(${from}, ${to}) as i
cross join generate_series(0, 1) as s
where i % 20 <> 16 and (s = 0 or (i % 7 = 0 and ${nCabinets} > 1))`;
}
