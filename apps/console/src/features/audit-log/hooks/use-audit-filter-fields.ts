import { useState, type FormEvent } from 'react';
import { AUDIT_CATEGORIES_BUT_AUTH, normalizeEmailInput } from '@cloudsign/contract';
import { filterKeyOf, type AuditFilter } from '../lib/filter.ts';
import { parseDay } from '../../../lib/parse-day.ts';

/** The URL keeps the chosen categories as one value, `member,bulk`, as the API reads them. */
const categoriesOf = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);
const categoryValue = (list: readonly string[]) => (list.length > 0 ? list.join(',') : undefined);
type Errors = Partial<Record<'from' | 'to' | 'actorEmail', string>>;

/**
 * The typed fields of the audit-log filters (period, actor's email, categories, keyword), checked on
 * submit and sent as the new filter; they follow the URL when it changes from elsewhere.
 */
export function useAuditFilterFields(
  filter: AuditFilter,
  onChange: (f: AuditFilter) => void,
  latest: () => AuditFilter = () => filter,
) {
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [actorEmail, setActorEmail] = useState(filter.actorEmail ?? '');
  const [categories, setCategories] = useState<string[]>(categoriesOf(filter.category));
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // The fields follow the URL (a chip removed, the back button, a pre-filtered link) without remounting
  // the form: state adjusted during render when the conditions it was set from change. Conditions this form
  // sent itself are not written back: the URL settles after the person may have typed on, and that text stays.
  const filterKey = filterKeyOf(filter);
  const [shownKey, setShownKey] = useState(filterKey);
  const [sentKey, setSentKey] = useState<string | null>(null);
  const send = (next: AuditFilter) => {
    setSentKey(filterKeyOf(next));
    onChange(next);
  };
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setSentKey(null);
  }
  if (shownKey !== filterKey && filterKey !== sentKey) {
    setFrom(filter.from ?? '');
    setTo(filter.to ?? '');
    setActorEmail(filter.actorEmail ?? '');
    setCategories(categoriesOf(filter.category));
    setKeyword(filter.keyword ?? '');
    setErrors({});
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = parseDay(from, '期間（開始）');
    const t = parseDay(to, '期間（終了）');
    const email = actorEmail.trim() ? normalizeEmailInput(actorEmail) : null;
    const next: Errors = {
      from: f.error,
      to:
        t.error ??
        (f.value && t.value && f.value > t.value
          ? '期間の終了は開始と同じか後の日付にしてください。'
          : undefined),
      actorEmail:
        email && (!email.ok || !email.value.includes('@'))
          ? 'メールアドレスを半角で正しく入力してください。'
          : undefined,
    };
    setErrors(next);
    if (next.from || next.to || next.actorEmail) return;
    if (f.value) setFrom(f.value);
    if (t.value) setTo(t.value);
    if (email?.ok) setActorEmail(email.value);
    // Built on the filter last asked for: the conditions the form does not show (a member or document chosen
    // elsewhere) are kept as they now are, not as the URL still shows them.
    send({
      ...latest(),
      from: f.value,
      to: t.value,
      actorEmail: email?.ok ? email.value : undefined,
      category: categoryValue(categories),
      keyword: keyword.trim() || undefined,
    });
  };

  const clear = () => {
    setFrom('');
    setTo('');
    setActorEmail('');
    setCategories([]);
    setKeyword('');
    setErrors({});
    send({});
  };

  const excludeAuth = () => {
    setCategories([...AUDIT_CATEGORIES_BUT_AUTH]);
    send({ ...latest(), category: categoryValue(AUDIT_CATEGORIES_BUT_AUTH) });
  };

  /** A chip's conditions taken away, the rest as last asked for. */
  const remove = (cleared: AuditFilter) => send({ ...latest(), ...cleared });

  return {
    values: { from, to, actorEmail, categories, keyword },
    set: {
      from: setFrom,
      to: setTo,
      actorEmail: setActorEmail,
      categories: setCategories,
      keyword: setKeyword,
    },
    errors,
    submit,
    clear,
    excludeAuth,
    remove,
  };
}
