/**
 * The bulk lifecycle rules without a database: the runs, job queue, storage and clock are plain objects, so
 * each test states which transitions are allowed and what the caller is answered.
 */
import { buffer } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { BulkStatus, bulkUploadEndpoint } from '@cloudsign/contract';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { failure } from '../../../test/support/error-body.ts';
import { callerOf, fakeOf } from '../../../test/support/fakes.ts';
import {
  cancelManipulation,
  executeManipulation,
  uploadCsv,
  MSG_TOO_LARGE,
  msgNotCancellable,
  msgNotExecutable,
} from './bulk.service.ts';
import type { BulkServiceDeps, Target } from './bulk-service-deps.ts';

// The audit event commits in the run's transaction (bulk-audit tests cover what it records); here the fake
// transaction only carries the job, so the event is recorded by name.
const events: string[] = [];
vi.mock('./bulk-audit.ts', async (original) => ({
  ...(await original<typeof import('./bulk-audit.ts')>()),
  recordRunEvent: async (_tx: unknown, _auth: unknown, _t: unknown, action: string) =>
    void events.push(action),
}));

const NOW = new Date('2026-04-01T00:00:00Z');
const target: Target = {
  target: 'members',
  name: 'members_bulk',
  noun: 'メンバー一括操作',
  uploads: [
    { endpoint: bulkUploadEndpoint('/members/bulk_add'), kind: 1 },
    { endpoint: bulkUploadEndpoint('/members/bulk_delete'), kind: 2 },
  ],
  historyKind: undefined,
};
const auth = callerOf('user-1', { name: '管理 太郎', roles: ['CompanyAdmin'] });

const run = (status: number, extra: Partial<ManipulationRow> = {}) =>
  ({
    id: 'run-1',
    companyId: 'company-a',
    target: 'members',
    kind: 1,
    status,
    counts: { add: 2, update: 1, delete: 0, unchanged: 4 },
    ...extra,
  }) as ManipulationRow;

/** The transaction the fake store hands to the writes that commit with a run's step. */
const TX = { transaction: 'fake' } as never;

/** An in-memory store with the repository's conditional update; records what the rules asked for. */
function world(initial: ManipulationRow | null, opts: { raced?: boolean } = {}) {
  let current = initial;
  const sent: { name: string; data: unknown; options: unknown }[] = [];
  const removed: string[] = [];
  const deps: BulkServiceDeps = {
    runs: {
      find: async (scope, id) =>
        current && current.id === id && current.companyId === scope.companyId ? current : null,
      list: async () => ({ rows: [], total: 0 }),
      rows: async () => ({ rows: [], total: 0 }),
      update: async (_id, patch, from, alongside) => {
        if (!current || !from.includes(current.status)) return null;
        current = { ...current, ...patch };
        await alongside?.(TX, current);
        return current;
      },
      assertUploadRoom: async () => {},
      insertUpload: async (values, alongside) => {
        current = values as ManipulationRow;
        await alongside?.(TX, current);
        return current;
      },
      startExecution: async (_scope, _id, set, alongside) => {
        if (opts.raced) {
          current = { ...current!, status: BulkStatus.Processing };
          return { row: null, isNew: false };
        }
        current = { ...current!, ...set };
        await alongside?.(TX, current);
        return { row: current, isNew: true };
      },
      insertGeneration: async (values, alongside) => {
        await alongside?.(TX, values as ManipulationRow);
        return { row: values as ManipulationRow, isNew: true };
      },
    },
    jobs: {
      send: async (kind: { name: string }, data: unknown, options: unknown) => {
        sent.push({ name: kind.name, data, options });
        return null;
      },
    },
    storage: fakeOf<BulkServiceDeps['storage']>({
      // Reads the whole file before it answers, as the real storage does: the digest is taken after.
      write: async (_key, file) => ({
        size: (Buffer.isBuffer(file) ? file : await buffer(file)).length,
      }),
      remove: async (key) => {
        removed.push(key);
      },
    }),
    clock: () => NOW,
  };
  return { deps, sent, removed, current: () => current };
}

describe('execute: only a Ready run starts, once', () => {
  it('Ready → Processing with the rows it will write, started now, and one execute job per company', async () => {
    const w = world(run(BulkStatus.Ready));
    const answered = await executeManipulation(w.deps, target, auth, 'run-1');
    expect(answered).toEqual(
      run(BulkStatus.Processing, { processedRows: 0, totalRows: 3, startedAt: NOW }),
    );
    expect(w.sent).toEqual([
      {
        name: 'members_bulk.execute',
        data: { manipulationId: 'run-1', kind: 1 },
        options: { singletonKey: 'company-a', companyId: 'company-a', tx: TX },
      },
    ]);
    expect(events.at(-1)).toBe('bulk.executed');
  });

  it.each([
    ['Processing', BulkStatus.Processing],
    ['Succeeded', BulkStatus.Succeeded],
    ['ProcessedWithError', BulkStatus.ProcessedWithError],
  ])('a run already %s is answered as it is, without a second job', async (_, status) => {
    const w = world(run(status));
    expect(await executeManipulation(w.deps, target, auth, 'run-1')).toEqual(run(status));
    expect(w.sent).toEqual([]);
  });

  it.each([
    ['Uploaded', BulkStatus.Uploaded],
    ['Checking', BulkStatus.Checking],
    ['CheckFailed', BulkStatus.CheckFailed],
    ['Invalid (cancelled)', BulkStatus.Invalid],
  ])('a run %s cannot execute: 409 with the reason', async (_, status) => {
    const w = world(run(status));
    expect(await failure(executeManipulation(w.deps, target, auth, 'run-1'))).toEqual({
      code: 'invalid_state',
      status: 409,
      message: msgNotExecutable('メンバー一括操作'),
    });
    expect(msgNotExecutable('メンバー一括操作')).toBe(
      'チェックが完了し、エラーのないメンバー一括操作だけを実行できます。',
    );
    expect(w.sent).toEqual([]);
  });

  it('two callers at once: the one that lost the move answers the run as the winner left it', async () => {
    const w = world(run(BulkStatus.Ready), { raced: true });
    expect(await executeManipulation(w.deps, target, auth, 'run-1')).toEqual(
      run(BulkStatus.Processing),
    );
    expect(w.sent).toEqual([]);
  });

  it("another company's run, or a run of another kind, is not found", async () => {
    const other = world(run(BulkStatus.Ready, { companyId: 'company-b' }));
    expect(await failure(executeManipulation(other.deps, target, auth, 'run-1'))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    const exportRun = world(run(BulkStatus.Ready, { kind: 4 }));
    expect(await failure(executeManipulation(exportRun.deps, target, auth, 'run-1'))).toMatchObject(
      {
        code: 'not_found',
        status: 404,
      },
    );
  });
});

describe('cancel: any step before execution, never after', () => {
  it.each([
    ['Uploaded', BulkStatus.Uploaded],
    ['Checking', BulkStatus.Checking],
    ['CheckFailed', BulkStatus.CheckFailed],
    ['Ready', BulkStatus.Ready],
  ])('%s → Invalid, finished now', async (_, status) => {
    const w = world(run(status));
    expect(await cancelManipulation(w.deps, target, auth, 'run-1')).toEqual(
      run(BulkStatus.Invalid, { finishedAt: NOW }),
    );
  });

  it('an already cancelled run is answered as it is', async () => {
    const w = world(run(BulkStatus.Invalid));
    expect(await cancelManipulation(w.deps, target, auth, 'run-1')).toEqual(
      run(BulkStatus.Invalid),
    );
  });

  it.each([
    ['Processing', BulkStatus.Processing],
    ['Succeeded', BulkStatus.Succeeded],
    ['ProcessedWithError', BulkStatus.ProcessedWithError],
  ])('a run %s cannot be cancelled: 409, nothing changed', async (_, status) => {
    const w = world(run(status));
    expect(await failure(cancelManipulation(w.deps, target, auth, 'run-1'))).toEqual({
      code: 'invalid_state',
      status: 409,
      message: msgNotCancellable('メンバー一括操作'),
    });
    expect(w.current()).toEqual(run(status));
  });
});

describe('upload', () => {
  it('a file cut at the size limit is removed and refused with the limit in Japanese; no check is queued', async () => {
    const w = world(null);
    const stream = Object.assign((await import('node:stream')).Readable.from(['x']), {
      truncated: true,
    });
    expect(
      await failure(uploadCsv(w.deps, target, auth, 1, { stream, filename: 'members.csv' })),
    ).toEqual({ code: 'payload_too_large', status: 413, message: MSG_TOO_LARGE });
    expect(w.removed).toHaveLength(1);
    expect(w.removed[0]).toMatch(/^members_bulk\/[0-9a-f-]{36}-in\.csv$/);
    expect(w.sent).toEqual([]);
  });

  it('an accepted file becomes an Uploaded run by the caller, and its check is queued', async () => {
    const w = world(null);
    const stream = (await import('node:stream')).Readable.from(['x']);
    const m = await uploadCsv(w.deps, target, auth, 2, { stream, filename: 'members.csv' });
    expect(m).toMatchObject({
      companyId: 'company-a',
      target: 'members',
      kind: 2,
      status: BulkStatus.Uploaded,
      originalFilename: 'members.csv',
      createdBy: 'user-1',
      createdByName: '管理 太郎',
    });
    expect(w.sent).toEqual([
      {
        name: 'members_bulk.check',
        data: { manipulationId: m.id },
        options: { companyId: 'company-a', tx: TX },
      },
    ]);
  });
});
