/**
 * Demo documents with participants, contract attributes (書類情報) and cabinet links (docs/design.md §2).
 * Pure builder: returns rows and what each PDF should say; demo-seed.ts writes them.
 */
import type { documentCabinets, documentParticipants, documents } from '../db/schema.ts';
import { documentSearchText } from '../lib/search-text.ts';
import type { Rand } from './prng.ts';
import type { PersonRef } from './demo-people.ts';
import type { DemoPdfInput } from './pdf.ts';
import { COUNTERPARTIES, DOC_KINDS } from './document-words.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from './names.ts';

export type DocumentRow = typeof documents.$inferInsert & { id: string };
export type ParticipantRow = typeof documentParticipants.$inferInsert & {
  name: string;
  email: string;
  organization: string;
};
export type LinkRow = typeof documentCabinets.$inferInsert;

export type DocumentsSpec = {
  companyId: string;
  /** 甲 on the PDFs. */
  companyName: string;
  count: number;
  now: Date;
  /** Senders per user cabinet index (DOC_KINDS[].cabinets[0]); falls back to `anySender`. */
  sendersByCabinet: readonly (readonly PersonRef[])[];
  anySender: readonly PersonRef[];
  /** Who imports status-13 documents. */
  importers: readonly PersonRef[];
  /** User cabinet ids by DOC_KINDS cabinet index; missing index = no link. */
  cabinetIds: readonly (string | undefined)[];
  /** Ids of the user-defined items 部署, 担当者, 契約種別, 稟議番号 when the company has them. */
  optionIds: Partial<Record<'部署' | '担当者' | '契約種別' | '稟議番号', string>>;
  localIdPrefix: string;
};

export type BuiltDocuments = {
  documents: DocumentRow[];
  participants: ParticipantRow[];
  links: LinkRow[];
  pdfs: (DemoPdfInput & { fileName: string })[];
};

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
const addMonths = (d: Date, n: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate()));

export function buildDocuments(rand: Rand, spec: DocumentsSpec): BuiltDocuments {
  const out: BuiltDocuments = { documents: [], participants: [], links: [], pdfs: [] };
  const seqByYear = new Map<number, number>();
  const kindWeights = DOC_KINDS.map((k) => [k, k.weight] as const);
  for (let i = 0; i < spec.count; i++) {
    const kind = rand.weighted(kindWeights);
    const status = rand.weighted([
      [2, 74],
      [1, 7],
      [0, 5],
      [3, 5],
      [13, 9],
    ] as const);
    const id = rand.uuid();
    const isPerson = kind.contractType === '雇用';
    const cp = rand.pick(COUNTERPARTIES);
    const hire = `${rand.pick(FAMILY_NAMES).k} ${rand.pick(GIVEN_NAMES).k}`;
    const counterpartyName = isPerson ? hire : cp.name;

    const { concluded, sentAt, concludedAt, createdAt, updatedAt } = documentDates(
      rand,
      spec.now,
      status,
    );

    const title = rand.weighted([
      [`${kind.title}（${counterpartyName}）`, 5],
      [kind.title, 2],
      [`${kind.title}_${ymd(createdAt).slice(0, 7).replace('-', '')}`, 2],
      [isPerson ? `${kind.title}（${hire}）` : `【${cp.name}】${kind.title}`, 1],
    ] as const);
    const sender =
      status === 13
        ? rand.pick(spec.importers.length > 0 ? spec.importers : spec.anySender)
        : rand.pick(
            spec.sendersByCabinet[kind.cabinets[0]!]?.length
              ? spec.sendersByCabinet[kind.cabinets[0]!]!
              : spec.anySender,
          );

    const participants = signers(rand, {
      documentId: id,
      isPerson,
      hire,
      domain: cp.domain,
      company: cp.name,
    });

    const attrs = contractAttributes(rand, spec, {
      status,
      kind,
      concluded,
      concludedAt,
      isPerson,
      hire,
      counterparty: cp.name,
      counterpartyName,
      sender,
      seqByYear,
    });

    out.documents.push({
      id,
      companyId: spec.companyId,
      status,
      title,
      senderId: sender.id,
      senderName: sender.name,
      senderEmail: sender.email,
      sentAt,
      concludedAt,
      ...attrs,
      searchText: documentSearchText({
        id,
        title,
        attrTitle: attrs.attrTitle,
        counterparty: attrs.counterparty,
        participants,
      }),
      createdAt,
      updatedAt,
    });
    out.participants.push(...participants);
    if (status !== 0) {
      const [first, second] = kind.cabinets;
      const firstId = first === undefined ? undefined : spec.cabinetIds[first];
      const secondId = second === undefined ? undefined : spec.cabinetIds[second];
      if (firstId && rand.chance(0.85))
        out.links.push({ cabinetId: firstId, documentId: id, createdAt: updatedAt });
      if (secondId && secondId !== firstId && rand.chance(0.4))
        out.links.push({ cabinetId: secondId, documentId: id, createdAt: updatedAt });
    }
    out.pdfs.push({
      documentId: id,
      fileName: `${title}.pdf`,
      kindTitle: kind.title,
      companyName: spec.companyName,
      counterparty: counterpartyName,
      amount: attrs.amount ?? null,
      localId: attrs.localId ?? null,
      date: attrs.contractAt ?? (sentAt ? ymd(sentAt) : null),
    });
  }
  return out;
}

function options(
  rand: Rand,
  spec: DocumentsSpec,
  sender: PersonRef,
  contractType: string,
  year: number,
): Record<string, string> {
  const o: Record<string, string> = {};
  const ids = spec.optionIds;
  if (ids['部署']) o[ids['部署']] = sender.organization.split(' ')[0] ?? '';
  if (ids['担当者']) o[ids['担当者']] = sender.name;
  if (ids['契約種別']) o[ids['契約種別']] = contractType;
  if (ids['稟議番号'] && rand.chance(0.6))
    o[ids['稟議番号']] = `R-${year}-${String(rand.int(1, 999)).padStart(3, '0')}`;
  return o;
}

/** Dates: concluded within the last 3 years; sent a few days before; drafts and pending recent. */
function documentDates(rand: Rand, now: Date, status: number) {
  const concluded = new Date(
    now.getTime() - rand.int(1, 3 * 365) * DAY - rand.int(0, 86_399) * 1000,
  );
  let sentAt: Date | null = null;
  let concludedAt: Date | null = null;
  if (status === 2) {
    concludedAt = concluded;
    sentAt = new Date(concluded.getTime() - rand.int(1, 14 * 24) * 3_600_000);
  } else if (status === 1) {
    sentAt = new Date(now.getTime() - rand.int(1, 30 * 24) * 3_600_000);
  } else if (status === 3) {
    sentAt = new Date(concluded.getTime() - rand.int(1, 14 * 24) * 3_600_000);
  }
  const createdAt = new Date(
    (sentAt ?? (status === 0 ? addDays(now, -rand.int(0, 60)) : concluded)).getTime() -
      rand.int(1, 72) * 3_600_000,
  );
  const updatedAt = concludedAt ?? sentAt ?? createdAt;
  return { concluded, sentAt, concludedAt, createdAt, updatedAt };
}

/** 1–3 signers on the other side (the hire alone for employment papers). */
function signers(
  rand: Rand,
  {
    documentId,
    isPerson,
    hire,
    domain,
    company,
  }: { documentId: string; isPerson: boolean; hire: string; domain: string; company: string },
): ParticipantRow[] {
  const participants: ParticipantRow[] = [];
  const count = isPerson
    ? 1
    : rand.weighted([
        [1, 5],
        [2, 3],
        [3, 1],
      ] as const);
  for (let p = 0; p < count; p++) {
    const family = rand.pick(FAMILY_NAMES);
    const given = rand.pick(GIVEN_NAMES);
    const name = isPerson ? hire : `${family.k} ${given.k}`;
    participants.push({
      id: rand.uuid(),
      documentId,
      position: p + 1,
      name,
      email: isPerson
        ? `${given.r}.${family.r}${rand.int(1, 99)}@mail.example.com`
        : `${given.r[0]}.${family.r}@${domain}`,
      organization: isPerson ? '' : company,
    });
  }
  return participants;
}

type AttributeFacts = {
  status: number;
  kind: (typeof DOC_KINDS)[number];
  concluded: Date;
  concludedAt: Date | null;
  isPerson: boolean;
  hire: string;
  counterparty: string;
  counterpartyName: string;
  sender: PersonRef;
  seqByYear: Map<number, number>;
};

/** Contract attributes: complete for concluded and imported papers, partial while in progress. */
function contractAttributes(
  rand: Rand,
  spec: DocumentsSpec,
  f: AttributeFacts,
): Partial<DocumentRow> {
  const {
    status,
    kind,
    concluded,
    concludedAt,
    isPerson,
    hire,
    counterparty,
    counterpartyName,
    sender,
    seqByYear,
  } = f;
  const isFinal = status === 2 || status === 13;
  const contract = status === 13 ? concluded : concludedAt;
  if (isFinal && contract) {
    const year = contract.getUTCFullYear();
    const seq = (seqByYear.get(year) ?? 0) + 1;
    seqByYear.set(year, seq);
    const start = rand.chance(0.7)
      ? contract
      : new Date(Date.UTC(contract.getUTCFullYear(), contract.getUTCMonth() + 1, 1));
    const years = rand.int(1, 3);
    const end = addDays(addMonths(start, 12 * years), -1);
    const autoUpdate = rand.weighted([
      [1, 5],
      [2, 3],
      [0, 2],
    ] as const);
    const hasTerm = kind.contractType !== '議事録' && kind.contractType !== '発注';
    return {
      attrTitle: isPerson
        ? `${hire} ${kind.contractType}契約`
        : `${counterparty} ${kind.title.replace(/書$/, '')}`,
      counterparty: kind.contractType === '議事録' ? null : counterpartyName,
      contractAt: ymd(contract),
      validityStartAt: hasTerm ? ymd(start) : null,
      validityEndAt: hasTerm ? ymd(end) : null,
      validityEndNoticeAt:
        hasTerm && autoUpdate === 1 ? ymd(addMonths(end, -rand.int(1, 3))) : null,
      autoUpdate: hasTerm ? autoUpdate : 0,
      localId: `${spec.localIdPrefix}-${year}-${String(seq).padStart(4, '0')}`,
      amount:
        kind.amount && rand.chance(0.85)
          ? Math.round(rand.int(kind.amount[0], kind.amount[1]) / 10_000) * 10_000
          : null,
      options: options(rand, spec, sender, kind.contractType, year),
    };
  } else if (status === 1 || status === 3) {
    return { counterparty: rand.chance(0.6) ? counterpartyName : null };
  }
  return {};
}
