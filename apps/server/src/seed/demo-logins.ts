/** The seeded demo logins (docs/design.md §1), printed at start and shown in the README. Password: `password`. */
export const DEMO_PASSWORD = 'password';
export const DEMO_LOGINS = [
  {
    email: 'admin@example.com',
    description: 'A社（エンタープライズ）組織管理権限・書類インポート権限',
  },
  {
    email: 'auditor@example.com',
    description: 'A社 監査ログ閲覧権限（監査ログを見る人。組織管理権限はなし）',
  },
  {
    email: 'member@example.com',
    description: 'A社 権限なし（グループ1つ、キャビネット1つの管理者）',
  },
  { email: 'admin@other.example.com', description: 'B社（ビジネス）組織管理権限' },
] as const;
