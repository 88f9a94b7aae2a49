import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Timestamps come back as Date from both drivers. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  type: Generated<string>;
  parent_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  max_users: number | null;
  user_info: Json<Record<string, number> | null> | null;
  rtk_seats: Generated<number>;
  functionality_flags: Json<Record<string, unknown>>;
  geoserver_url: string | null;
  stripe_customer_id: string | null;
  payment_method: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  company_name: string | null;
  confirmed: Generated<boolean>;
  email_verified: Generated<boolean>;
  must_change_password: Generated<boolean>;
  password_reset_required: Generated<boolean>;
  eula_web: ColumnType<string | null, number | null | undefined, number | null>;
  default_organization_id: string | null;
  /** ID tokens issued before it are refused (a password change ends other sessions at once). */
  password_changed_at: Timestamp | null;
  /** The organization whose admin created the account (the only one that may rename it). */
  created_by_organization_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  account_id: string;
  organization_id: string;
  user_type: string;
  is_active: Generated<boolean>;
  renew: Generated<boolean>;
  rtk_id: string | null;
  created_at: Timestamp;
  /** An invitation the account has not accepted yet: it holds a seat and grants nothing. */
  invitation_pending: Generated<boolean>;
  invited_first_name: string | null;
  invited_last_name: string | null;
  invited_by: string | null;
}

export interface PermissionsTable {
  id: Generated<string>;
  account_id: string;
  organization_id: string;
  asset_type: string;
  asset_id: string;
  bit_mask: string;
}

export interface AuthCodesTable {
  id: Generated<string>;
  account_id: string;
  purpose: 'signup' | 'reset' | 'verify_email';
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  account_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuthThrottleTable {
  key: string;
  attempts: number;
  blocked_until: Timestamp | null;
  last_attempt_at: Timestamp;
}

export interface AuthProvidersTable {
  domain: string;
  provider: string;
  created_at: Timestamp;
}

export interface PreferencesTable {
  account_id: string;
  prefs: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface ActivityDayCountsTable {
  organization_id: string;
  day: ColumnType<string, string, string>;
  project_id: string | null;
  category: string;
  type: string;
  feature_kind: string | null;
  message: string | null;
  by_support: boolean;
  n: ColumnType<string, string | number, string | number>;
}

export interface ActivitiesTable {
  id: Generated<string>;
  organization_id: string;
  account_id: string | null;
  type: string;
  category: string;
  message: string;
  occurred_at: Timestamp;
  created_at: Timestamp;
  seq: Generated<string>;
  project_id: string | null;
  artifact: Json<Record<string, unknown>> | null;
  actor_email: string | null;
  actor_type: string | null;
  feature_kind: string | null;
  length_m: number | null;
  vertices: number | null;
}

export interface OrganizationGrantsTable {
  id: string;
  state: string;
  grantor_organization_id: string;
  grantee_organization_id: string | null;
  permissions: Json<Array<{ assetTypeName: string; assetId: string; bitMask: string }>>;
  created_by_email: string;
  created_at: Timestamp;
  requested_by_email: string | null;
  requested_at: Timestamp | null;
  accepted_by_email: string | null;
  accepted_at: Timestamp | null;
  denied_by_email: string | null;
  denied_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<string>;
  organization_id: string;
  account_id: string | null;
  title: string;
  message: string;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  token: string;
  account_id: string;
  organization_id: string;
  created_at: Timestamp;
}

export interface NotificationInterestsTable {
  id: Generated<string>;
  token: string;
  artifact: string;
  scope: string;
  code: string;
  created_at: Timestamp;
}

export interface DictionariesTable {
  id: Generated<string>;
  organization_id: string | null;
  template_key: string | null;
  name: string;
  is_readonly: Generated<boolean>;
  is_active: Generated<boolean>;
  project_id: string | null;
  copied_from_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface PickListsTable {
  id: Generated<string>;
  organization_id: string | null;
  dictionary_id: string | null;
  name: string;
  is_global: Generated<boolean>;
  created_at: Timestamp;
}

export interface PickListValuesTable {
  id: Generated<string>;
  pick_list_id: string;
  value: string;
  label: string;
  sort_order: number;
}

export interface SystemsTable {
  id: Generated<string>;
  dictionary_id: string;
  name: string;
  color: string;
  sort_order: number;
}

export interface ComponentsTable {
  id: Generated<string>;
  system_id: string;
  component_type_id: number;
  alias: string;
  sort_order: number;
  component_styling: Generated<boolean>;
  style: string | null;
}

export interface AttributesTable {
  id: Generated<string>;
  organization_id: string | null;
  component_id: string | null;
  name: string;
  type_id: number;
  default_value: string | null;
  required: Generated<boolean>;
  sort_order: Generated<number>;
  pick_list_id: string | null;
  created_at: Timestamp;
}

export interface AttributeSearchIndexTable {
  component_id: string;
  name: string;
  attribute_id: string | null;
  type_id: number;
  organization_id: string | null;
  created_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  dictionary_id: string;
  site_id: string | null;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  geoid_id: ColumnType<string | null, string | null | undefined, string | null>;
  coordinate: ColumnType<string | null, string | null | undefined, string | null>;
  zoom_level: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SymbolsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  format: string | null;
  original_name: string | null;
  file_key: string | null;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface StylesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  format: string;
  body: string;
  project_id: string | null;
  is_dictionary_style: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface SitesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  wkt: string;
  proj: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientKeysTable {
  id: Generated<string>;
  organization_id: string;
  account_id: string;
  key_hash: string;
  created_at: Timestamp;
  created_by: string | null;
  last_used_at: Timestamp | null;
}

export interface FoldersTable {
  id: Generated<string>;
  project_id: string;
  parent_id: string | null;
  name: string;
  description: string | null;
  folder_type: Generated<string>;
  leaders_enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface LayersTable {
  id: Generated<string>;
  project_id: string;
  folder_id: string;
  name: string;
  description: string | null;
  type: Generated<string>;
  server_name: string | null;
  reference_id: string | null;
  is_active: Generated<boolean>;
  read_only: Generated<boolean>;
  preferred_method: Generated<string>;
  mobile_preferred_method: string | null;
  wfs_strategy: Generated<string>;
  style_id: string | null;
  z_index: Generated<number>;
  /** Bumped by every feature write (server/src/ogc/data-version.ts); keys cached map tiles. */
  data_version: ColumnType<string, string | number | undefined, string | number>;
  /** The layer's typed fields, LayerField[] (migration 013). */
  fields: Json<Array<{ name: string; type: string; order: number }>>;
  /** A RASTER layer's stored GeoTIFF, extent and description, RasterInfo (migration 015); null otherwise. */
  raster: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface FormsTable {
  id: Generated<string>;
  /** Null for a form shipped for every organization (the Locate Form, migration 028). */
  organization_id: string | null;
  name: string;
  description: string | null;
  html: string;
  js: string;
  html_file_name: string;
  js_file_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormPermissionsTable {
  id: Generated<string>;
  form_id: string;
  project_id: string;
  created_at: Timestamp;
}

export interface FeaturesTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  layer_id: string;
  kind: string;
  geom: unknown;
  dictionary_id: string | null;
  system_id: string | null;
  component_id: string | null;
  attributes: Json<unknown[]>;
  metadata: Json<unknown> | null;
  properties: Json<Record<string, string>>;
  /** Values of the layer's fields by name, typed JSON (migration 013). */
  field_values: Json<Record<string, string | number | boolean | null>>;
  /** Words of the feature's values, generated by the database (migration 019); never written. */
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
  deleted_at: Timestamp | null;
}

export interface FeatureVersionsTable {
  id: Generated<string>;
  feature_id: string;
  action: string;
  changed_at: Timestamp;
  changed_by: string | null;
  before: Json<unknown> | null;
}

/** When each deleted layer went (migration 024): its features are kept, restorable, until purged. */
export interface LayerDeletionsTable {
  layer_id: string;
  project_id: string;
  deleted_at: Timestamp;
}

export interface LayerSharesTable {
  layer_id: string;
  folder_id: string;
  project_id: string;
  created_at: Timestamp;
}

/** Live features of a layer holding each value of a column (migration 020; written by triggers only). */
export interface LayerValueCountsTable {
  layer_id: string;
  /** 'f' typed field, 'a' dictionary attribute id, 'p' free property, 's' system, 'c' component. */
  source: string;
  key: string;
  value: string;
  n: ColumnType<string, never, never>;
}

/** A counted column's distinct values, and whether it passed the kept number (migration 020). */
export interface LayerValueColumnsTable {
  layer_id: string;
  source: string;
  key: string;
  distinct_values: ColumnType<string, never, never>;
  overflow: boolean;
}

/** The dictionary system/component a layer is drawn with (migration 010). */
export interface LayerDictionaryStylesTable {
  layer_id: string;
  system_id: string;
  component_id: string | null;
  updated_at: Timestamp;
}

export interface ExternalStoresTable {
  id: Generated<string>;
  project_id: string;
  folder_id: string;
  kind: 'WMS' | 'WMTS';
  capabilities_url: string;
  service_url: string;
  username: string;
  password: string;
  created_at: Timestamp;
}

/** Background jobs (migration 014): imports and exports claimed by a worker. */
export interface JobsTable {
  id: Generated<string>;
  /** Queue order (identity): listing pages and claiming follow it. */
  seq: ColumnType<string, never, never>;
  organization_id: string;
  project_id: string | null;
  owner_id: string;
  type: 'IMPORT' | 'EXPORT';
  title: string;
  payload: Json<Record<string, unknown>>;
  is_complete: Generated<boolean>;
  has_error: Generated<boolean>;
  info_messages: Json<string[]>;
  result_url: string | null;
  processed: ColumnType<string, number | undefined, number>;
  total: ColumnType<string, number | undefined, number>;
  attempts: Generated<number>;
  timeout_time: Timestamp | null;
  claimed_by: string | null;
  heartbeat_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Feature attachments (migration 027): the truth of the features' File_List. */
export interface AttachmentsTable {
  id: string;
  organization_id: string;
  project_id: string;
  layer_id: string;
  feature_id: string;
  file_name: string;
  content_type: string;
  size: number;
  vertex: number | null;
  file_type: string;
  file_meta: Json<Record<string, unknown>>;
  storage_key: string;
  thumb_key: string | null;
  created_at: Timestamp;
  created_by: string | null;
  deleted_at: Timestamp | null;
}

/** Forms filled on features (migration 028): the records; each has its own htmlform_feature feature. */
export interface FeatureFormsTable {
  id: Generated<string>;
  organization_id: string;
  feature_id: string;
  form_feature_id: string;
  form_id: string;
  form_name: string;
  data: Json<unknown[]>;
  pages: number | null;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
  deleted_at: Timestamp | null;
}

/** Stored files of attachment rows that are gone, waiting for the worker to delete them (migration 027). */
export interface AttachmentFilePurgesTable {
  storage_key: string;
  queued_at: Timestamp;
}

/** A project's one-call e-mail addresses (migration 029). */
export interface OnecallAddressesTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  layer_id: string;
  email_address: string;
  archive_days: Generated<number>;
  verified_at: Timestamp | null;
  verification_hash: string | null;
  verification_expires_at: Timestamp | null;
  inbound_token: string;
  created_at: Timestamp;
  created_by: string | null;
}

/** Received one-call tickets (migration 029), one per layer and ticket number. */
export interface OnecallTicketsTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  address_id: string | null;
  layer_id: string;
  feature_id: string;
  ticket_number: string;
  ticket_type: string;
  revision: string | null;
  members_notified: string;
  reply_to: string;
  fields: Json<Record<string, string>>;
  raw: string;
  received_at: Timestamp;
  updated_at: Timestamp;
  archived_at: Timestamp | null;
}

/** Positive responses sent for tickets (migration 029). */
export interface OnecallResponsesTable {
  id: Generated<string>;
  organization_id: string;
  ticket_id: string;
  member_code: string;
  member_name: string;
  response_code: string;
  comments: string | null;
  feature_form_id: string | null;
  status: Generated<string>;
  responded_at: Timestamp;
  responded_by: string | null;
  responded_by_email: string | null;
  delivered_to: string;
}

export interface DB {
  onecall_addresses: OnecallAddressesTable;
  onecall_tickets: OnecallTicketsTable;
  onecall_responses: OnecallResponsesTable;
  attachments: AttachmentsTable;
  feature_forms: FeatureFormsTable;
  attachment_file_purges: AttachmentFilePurgesTable;
  jobs: JobsTable;
  layer_shares: LayerSharesTable;
  layer_deletions: LayerDeletionsTable;
  layer_value_counts: LayerValueCountsTable;
  layer_value_columns: LayerValueColumnsTable;
  layer_dictionary_styles: LayerDictionaryStylesTable;
  external_stores: ExternalStoresTable;
  features: FeaturesTable;
  feature_versions: FeatureVersionsTable;
  folders: FoldersTable;
  layers: LayersTable;
  forms: FormsTable;
  form_permissions: FormPermissionsTable;
  symbols: SymbolsTable;
  styles: StylesTable;
  sites: SitesTable;
  client_keys: ClientKeysTable;
  dictionaries: DictionariesTable;
  pick_lists: PickListsTable;
  pick_list_values: PickListValuesTable;
  systems: SystemsTable;
  components: ComponentsTable;
  attributes: AttributesTable;
  attribute_search_index: AttributeSearchIndexTable;
  projects: ProjectsTable;
  component_types: { id: number; name: string };
  attribute_types: { id: number; name: string };
  organization_grants: OrganizationGrantsTable;
  feedback: FeedbackTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_interests: NotificationInterestsTable;
  organizations: OrganizationsTable;
  accounts: AccountsTable;
  memberships: MembershipsTable;
  permissions: PermissionsTable;
  auth_codes: AuthCodesTable;
  refresh_tokens: RefreshTokensTable;
  auth_throttle: AuthThrottleTable;
  auth_providers: AuthProvidersTable;
  preferences: PreferencesTable;
  activities: ActivitiesTable;
  activity_day_counts: ActivityDayCountsTable;
}
