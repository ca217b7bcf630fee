import { useState, type ReactNode } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_DOWNLOAD_NAME_RULE_LABELS,
  DOCUMENT_DOWNLOAD_NAME_RULES,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
} from '@cloudsign/contract';
import type { useJob } from '../../lib/use-job.ts';
import { EncodingChoice, JobStatus } from '../bulk/index.ts';

export type ZipChoice = { encoding: TCsvEncoding; nameRule: TDocumentDownloadNameRule };

/** The choices, held by the caller (a dialog keeps them while it is closed). */
export function useZipChoice() {
  const [choice, setChoice] = useState<ZipChoice>({
    encoding: 'sjis',
    nameRule: 'date_counterparty_amount_id',
  });
  return { choice, setChoice };
}

/**
 * A job that makes one ZIP of PDFs with its CSVs (まとめてダウンロード, the 税務調査 pack): the PDFs' file-name
 * rule and the CSVs' encoding (a change drops the file made with the old ones), the start button, then the
 * job's progress and its download. In a dialog the buttons close it, after the progress; on a page the start
 * button comes before it, with `hint` when it cannot start yet.
 */
export function ZipJobForm({
  job,
  choice: { choice, setChoice },
  onStart,
  canStart = true,
  hint,
  nameRuleLabel,
  encodingHeading,
  doneText,
  invalidText,
  layout,
  closeButton,
}: {
  job: ReturnType<typeof useJob>;
  choice: ReturnType<typeof useZipChoice>;
  onStart: (choice: ZipChoice) => void;
  canStart?: boolean;
  hint?: string;
  nameRuleLabel: string;
  encodingHeading: string;
  /** What the finished ZIP holds, from its document count. */
  doneText: (n: number) => string;
  invalidText: string;
  layout: 'dialog' | 'page';
  closeButton?: ReactNode;
}) {
  const { encoding, nameRule } = choice;
  const choices = (
    <>
      <Radio.Group
        label={nameRuleLabel}
        value={nameRule}
        onChange={(v) => {
          setChoice({ encoding, nameRule: v as TDocumentDownloadNameRule });
          job.forget();
        }}
      >
        <Stack gap={6} mt={6}>
          {DOCUMENT_DOWNLOAD_NAME_RULES.map((r) => (
            <Radio key={r} value={r} label={DOCUMENT_DOWNLOAD_NAME_RULE_LABELS[r]} />
          ))}
        </Stack>
      </Radio.Group>
      <EncodingChoice
        heading={encodingHeading}
        value={encoding}
        onChange={(v) => {
          setChoice({ encoding: v, nameRule });
          job.forget();
        }}
      />
    </>
  );
  const startButton = (
    <Button onClick={() => onStart(choice)} disabled={!canStart} loading={job.isBusy}>
      ZIPファイルを作成
    </Button>
  );
  const status = (
    <JobStatus
      job={job.job}
      error={job.error}
      noun="ZIPファイル"
      doneText={doneText}
      invalidText={invalidText}
      onDownload={(id) => void job.download(id)}
    />
  );
  if (layout === 'dialog')
    return (
      <>
        {choices}
        {status}
        <Group justify="flex-end">
          {closeButton}
          {startButton}
        </Group>
      </>
    );
  return (
    <>
      <Group align="flex-start" gap="xl" wrap="wrap">
        {choices}
      </Group>
      {!canStart && hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Group>{startButton}</Group>
      {status}
    </>
  );
}
