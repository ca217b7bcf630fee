/**
 * Before a benchmark starts a server: nothing may answer at its address yet. A server left over from an
 * interrupted run answers the new one's readiness check while the new one cannot bind, and the run then
 * measures the old server's code without a word (two documents runs did, bench/RESULTS.md).
 */
export async function assertNothingAnswers(url: string): Promise<void> {
  const isTaken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (isTaken)
    throw new Error(
      `${url} は別のサーバーが使用中です（前回の実行の残り？）。停止してから実行してください。`,
    );
}
