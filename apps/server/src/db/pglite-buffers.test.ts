import { describe, expect, it } from 'vitest';
import { openPgliteAt } from './client.ts';

const sharedBuffers = async (mb?: number) => {
  const { database, client } = await openPgliteAt(undefined, mb);
  try {
    return (await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]
      ?.shared_buffers;
  } finally {
    await database.close();
  }
};

describe('the embedded database’s shared buffers', () => {
  it('are 32 MB unless set, and what PGLITE_SHARED_BUFFERS_MB asks for when set', async () => {
    expect(await sharedBuffers()).toBe('32MB');
    expect(await sharedBuffers(64)).toBe('64MB');
    expect(await sharedBuffers(128)).toBe('128MB');
  });
});
