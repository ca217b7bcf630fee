import { TAX_AUDIT_CORRECTIONS_NAME, type TTaxAuditCount } from '@cloudsign/contract';
import { fmt } from '../../../components/bulk/index.ts';
import { ZipJobForm, useZipChoice } from '../../../components/bulk-download/zip-job-form.tsx';
import { useJob } from '../../../lib/use-job.ts';
import { requestTaxAuditPack, taxAuditPackJob } from '../api/tax-audit.ts';
import { scopeOf, type TaxAuditInputs } from '../lib/requirements.ts';
import { Section } from './section.tsx';

/** The pack of the counted period: one job, its progress, then the ZIP (each download audited). */
export function PackPanel({
  counted,
}: {
  counted: { inputs: TaxAuditInputs; count: TTaxAuditCount } | null;
}) {
  const choice = useZipChoice();
  const pack = useJob(taxAuditPackJob);
  return (
    <Section
      title="税務調査対応ファイルの作成"
      description={`確認した課税期間の書類のPDF、書類一覧（manifest.csv）、その書類の書類情報の訂正削除履歴（${TAX_AUDIT_CORRECTIONS_NAME}）を1つのZIPファイルにまとめます。作成とダウンロードは監査ログに記録されます。`}
    >
      <ZipJobForm
        layout="page"
        job={pack}
        choice={choice}
        canStart={counted !== null}
        hint="先に課税期間を入力して「件数を確認」を押してください。"
        onStart={(choice) => {
          if (!counted) return;
          void pack.start(() => requestTaxAuditPack({ ...scopeOf(counted.inputs), ...choice }));
        }}
        nameRuleLabel="PDFのファイル名の付け方"
        encodingHeading="CSVの文字コード"
        doneText={(n) => `${fmt(n)}件の書類と訂正削除履歴をまとめました。`}
        invalidText="ZIPファイルを作成できませんでした。組織管理権限があることを確かめて、もう一度お試しください。"
      />
    </Section>
  );
}
