import { useState, type FormEvent } from 'react';
import { Accordion, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { TCsvEncoding } from '@cloudsign/contract';
import { EncodingChoice, JobStatus, fmt } from '../../../components/bulk/index.ts';
import { auditExportJob, requestCorrectionHistory } from '../api/audit-export.ts';
import { DATE_EXAMPLE, parseDay } from '../../../lib/parse-day.ts';
import { useJob } from '../../../lib/use-job.ts';

type Errors = Partial<Record<'from' | 'to', string>>;

/**
 * 訂正削除履歴 (電子帳簿保存法): every change of a document's 書類情報 in a period, by hand or by CSV, one line
 * per item with before and after, written by the audit log's export job. The period is typed as the filters'
 * (2026/4/1, 令和8年4月1日) and checked here first, then by the server.
 */
export function CorrectionHistoryPanel() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [encoding, setEncoding] = useState<TCsvEncoding>('sjis');
  const [errors, setErrors] = useState<Errors>({});
  const exportJob = useJob(auditExportJob);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = parseDay(from, '開始日');
    const t = parseDay(to, '終了日');
    const next: Errors = {
      from: f.error ?? (f.value ? undefined : '開始日を入力してください。'),
      to: t.error ?? (t.value ? undefined : '終了日を入力してください。'),
    };
    if (!next.from && !next.to && f.value! > t.value!)
      next.to = '開始日は終了日より前の日付にしてください。';
    setErrors(next);
    exportJob.forget();
    if (next.from || next.to) return;
    const body = { from: f.value!, to: t.value!, encoding };
    void exportJob.start(() => requestCorrectionHistory(body));
  };

  return (
    <Paper withBorder component="section" aria-label="訂正削除履歴">
      <Accordion>
        <Accordion.Item value="correction-history" style={{ borderBottom: 0 }}>
          <Accordion.Control>訂正削除履歴（電子帳簿保存法）</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                書類情報（取引年月日・金額・取引先など）の訂正と削除の履歴を、画面での変更も一括変更も含めて、期間を指定してCSVに書き出します。
              </Text>
              <form onSubmit={submit} noValidate>
                <Group align="flex-start" gap="sm">
                  <TextInput
                    label="開始日"
                    placeholder={DATE_EXAMPLE}
                    value={from}
                    onChange={(e) => setFrom(e.currentTarget.value)}
                    error={errors.from}
                    w={180}
                  />
                  <TextInput
                    label="終了日"
                    placeholder={DATE_EXAMPLE}
                    value={to}
                    onChange={(e) => setTo(e.currentTarget.value)}
                    error={errors.to}
                    w={180}
                  />
                  <EncodingChoice
                    heading="文字コード"
                    value={encoding}
                    onChange={(v) => {
                      setEncoding(v);
                      exportJob.forget();
                    }}
                  />
                  <Button type="submit" variant="light" mt={25} loading={exportJob.isBusy}>
                    訂正削除履歴を書き出す
                  </Button>
                </Group>
              </form>
              <JobStatus
                noun="CSV"
                job={exportJob.job}
                error={exportJob.error}
                doneText={(n) => `${fmt(n)}行の履歴を書き出しました。`}
                onDownload={(id) => void exportJob.download(id)}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Paper>
  );
}
