/**
 * The SCIM 2.0 discovery documents (RFC 7643 §5–§7, RFC 7644 §4) and resource shapes of members and member
 * groups. Members are Users: userName = e-mail, 氏名 from name/displayName, enterprise department = 所属.
 */
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_MAX_RESULTS = 200;

export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${baseUrl}/ServiceProviderConfig`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: '企業設定 › プロビジョニングで作成したトークン',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'メンバー',
    attributes: [
      attr('userName', { required: true, uniqueness: 'server', description: 'メールアドレス' }),
      attr('name', {
        type: 'complex',
        subAttributes: [attr('formatted'), attr('familyName'), attr('givenName')],
      }),
      attr('displayName', { description: '氏名' }),
      attr('emails', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
      }),
      attr('active', { type: 'boolean', description: 'false で利用停止' }),
      attr('externalId', { caseExact: true }),
      attr('groups', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
    ],
  },
  {
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'エンタープライズ拡張',
    attributes: [attr('department', { description: '所属' })],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'メンバーグループ',
    attributes: [
      attr('displayName', { required: true, uniqueness: 'server', description: 'グループ名' }),
      attr('externalId', { caseExact: true }),
      attr('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', { mutability: 'immutable' }), attr('display')],
      }),
    ],
  },
];

export const schemasDocument = (baseUrl: string) =>
  listOf(
    SCHEMAS.map((s) => ({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      ...s,
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${s.id}` },
    })),
  );

export const schemaById = (baseUrl: string, id: string) =>
  schemasDocument(baseUrl).Resources.find((s) => s.id === id) ?? null;

const RESOURCE_TYPES = [
  {
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  },
  { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, schemaExtensions: [] },
];

export const resourceTypesDocument = (baseUrl: string) =>
  listOf(
    RESOURCE_TYPES.map((t) => ({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      ...t,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${t.id}` },
    })),
  );

export function listOf<T>(resources: T[], totalResults = resources.length, startIndex = 1) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults,
    itemsPerPage: resources.length,
    startIndex,
    Resources: resources,
  };
}
