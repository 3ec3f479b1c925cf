-- The whole data model of Portico, designed once for the three spec documents.
-- Conventions:
--   * bigint ids are internal; the uuid column is the public id.
--   * company-scoped tables carry company_id first in their primary key and
--     foreign keys, so the data can later be sharded by company.
--   * every list the API pages is backed by an index that serves its order.

-- +goose Up

-- Reference data ------------------------------------------------------------

CREATE TABLE countries (
    id         bigserial PRIMARY KEY,
    uuid       uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    code       text NOT NULL UNIQUE CHECK (code ~ '^[a-z]{2}$'),
    name       text NOT NULL CHECK (name <> ''),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per country and year ("CountryHoliday" in the spec).
CREATE TABLE country_holidays (
    id         bigserial PRIMARY KEY,
    country_id bigint NOT NULL REFERENCES countries ON DELETE CASCADE,
    year       int NOT NULL CHECK (year BETWEEN 1900 AND 2200),
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (country_id, year)
);

CREATE TABLE holidays (
    country_holiday_id bigint NOT NULL REFERENCES country_holidays ON DELETE CASCADE,
    date               date NOT NULL,
    name               text NOT NULL CHECK (name <> ''),
    local_name         text,
    PRIMARY KEY (country_holiday_id, date)
);

CREATE TABLE categories (
    id            bigserial PRIMARY KEY,
    uuid          uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    name          text NOT NULL CHECK (name <> ''),
    active        boolean NOT NULL DEFAULT true,
    color         text NOT NULL DEFAULT '#1f1f1f',
    bg_color      text NOT NULL DEFAULT '#f0f0f0',
    icon_name     text NOT NULL DEFAULT 'folder',
    icon_url      text,
    category_type text NOT NULL DEFAULT 'other' CHECK (category_type IN ('sensitive', 'internal', 'other')),
    position      int NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_key ON categories (lower(name));

CREATE TABLE global_roles (
    id   bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE CHECK (name <> '')
);

-- People -------------------------------------------------------------------

CREATE TABLE users (
    id                    bigserial PRIMARY KEY,
    uuid                  uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    email                 text NOT NULL CHECK (email LIKE '%_@_%'),
    name                  text NOT NULL CHECK (name <> ''),
    phone                 text,
    avatar_url            text,
    active                boolean NOT NULL DEFAULT true,
    -- portico_user: provider staff; customer: a customer company's user;
    -- external: an e-mail sender who appears only as a thread author.
    user_type             text NOT NULL CHECK (user_type IN ('portico_user', 'customer', 'external')),
    user_role             text NOT NULL DEFAULT 'user' CHECK (user_role IN ('admin', 'user')),
    language              text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fi', 'sv')),
    -- the secret a browser presents to open its own realtime channel
    realtime_token        text NOT NULL UNIQUE
                          DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    selected_category_ids bigint[] NOT NULL DEFAULT '{}',
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_name_idx ON users (lower(name), id);

CREATE TABLE sessions (
    -- sha256 of the cookie's token: a leaked table does not leak sessions
    token_hash   bytea PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    ip           inet,
    user_agent   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Companies and groups -----------------------------------------------------

CREATE TABLE companies (
    id                      bigserial PRIMARY KEY,
    uuid                    uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    name                    text NOT NULL CHECK (name <> ''),
    business_id             text,
    portico_customer_id     text,
    communication_language  text NOT NULL DEFAULT 'en'
                            CHECK (communication_language IN ('en', 'fi', 'sv', 'se', 'no', 'ee')),
    accounting_system       text,
    payroll_system          text,
    active                  boolean NOT NULL DEFAULT true,
    parent_company_id       bigint REFERENCES companies,
    terms_accepted_at       timestamptz,
    terms_accepted_by       bigint REFERENCES users,
    sso_enabled             boolean NOT NULL DEFAULT false,
    -- the provider lets the company's admins configure SSO themselves (ability save_sso)
    sso_settings_enabled    boolean NOT NULL DEFAULT false,
    sso_method              text NOT NULL DEFAULT 'none' CHECK (sso_method IN ('none', 'saml', 'oidc')),
    google_login_enabled    boolean NOT NULL DEFAULT true,
    microsoft_login_enabled boolean NOT NULL DEFAULT true,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_name_key ON companies (lower(name));

CREATE TABLE company_domains (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    domain     text NOT NULL CHECK (domain ~ '^[a-z0-9.-]+$'),
    active     boolean NOT NULL DEFAULT true,
    PRIMARY KEY (company_id, domain)
);
CREATE UNIQUE INDEX company_domains_domain_key ON company_domains (domain);

CREATE TABLE company_countries (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    country_id bigint NOT NULL REFERENCES countries,
    PRIMARY KEY (company_id, country_id)
);
CREATE INDEX company_countries_country_idx ON company_countries (country_id);

CREATE TABLE company_groups (
    id                bigserial PRIMARY KEY,
    uuid              uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    name              text NOT NULL CHECK (name <> ''),
    domain            text UNIQUE,
    mother_company_id bigint REFERENCES companies,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company_group_members (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    group_id   bigint NOT NULL REFERENCES company_groups ON DELETE CASCADE,
    PRIMARY KEY (company_id, group_id)
);
CREATE INDEX company_group_members_group_idx ON company_group_members (group_id);

-- The categories a company uses, with its per-category e-mail settings.
CREATE TABLE company_categories (
    company_id                                bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    category_id                               bigint NOT NULL REFERENCES categories,
    id                                        bigserial UNIQUE,
    email_enabled                             boolean NOT NULL DEFAULT false,
    email_alias                               text CHECK (email_alias ~ '^[A-Za-z_+]+$'),
    allow_emails_from_non_whitelisted_senders boolean NOT NULL DEFAULT false,
    PRIMARY KEY (company_id, category_id)
);
CREATE UNIQUE INDEX company_categories_alias_key ON company_categories (lower(email_alias)) WHERE email_alias IS NOT NULL;

CREATE TABLE company_accepted_emails (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id         bigserial,
    email      text NOT NULL CHECK (email LIKE '%_@_%'),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX company_accepted_emails_key ON company_accepted_emails (company_id, lower(email));

CREATE TABLE company_accepted_domains (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id         bigserial,
    domain     text NOT NULL CHECK (domain ~ '^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$'),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX company_accepted_domains_key ON company_accepted_domains (company_id, lower(domain));

CREATE TABLE saml_settings (
    company_id                  bigint PRIMARY KEY REFERENCES companies ON DELETE CASCADE,
    cert                        text,
    cert_fingerprint            text,
    cert_fingerprint_algorithm  text NOT NULL DEFAULT 'SHA1'
                                CHECK (cert_fingerprint_algorithm IN ('SHA1', 'SHA256', 'SHA384', 'SHA512')),
    entity_id                   text,
    sso_service_url             text,
    manifest                    text,
    updated_at                  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oidc_settings (
    company_id    bigint PRIMARY KEY REFERENCES companies ON DELETE CASCADE,
    issuer        text NOT NULL,
    client_id     text NOT NULL,
    client_secret text NOT NULL,
    scope         text NOT NULL,
    email_key     text NOT NULL,
    provider_name text,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- A customer user's membership of a company.
CREATE TABLE company_users (
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id         bigserial,
    uuid       uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    user_id    bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    role       text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    job_title  text,
    active     boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, user_id)
);
CREATE INDEX company_users_user_idx ON company_users (user_id);

CREATE TABLE company_user_categories (
    company_id      bigint NOT NULL,
    company_user_id bigint NOT NULL,
    category_id     bigint NOT NULL REFERENCES categories,
    PRIMARY KEY (company_id, company_user_id, category_id),
    FOREIGN KEY (company_id, company_user_id) REFERENCES company_users (company_id, id) ON DELETE CASCADE
);

-- Provider staff's membership of a company.
CREATE TABLE portico_users (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id          bigserial,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    user_id     bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    role        text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    active      boolean NOT NULL DEFAULT true,
    -- the staff member is a responsible person for this company ("my customers")
    responsible boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, user_id)
);
CREATE INDEX portico_users_user_idx ON portico_users (user_id);

CREATE TABLE portico_user_categories (
    company_id      bigint NOT NULL,
    portico_user_id bigint NOT NULL,
    category_id     bigint NOT NULL REFERENCES categories,
    PRIMARY KEY (company_id, portico_user_id, category_id),
    FOREIGN KEY (company_id, portico_user_id) REFERENCES portico_users (company_id, id) ON DELETE CASCADE
);

CREATE TABLE portico_user_roles (
    company_id      bigint NOT NULL,
    portico_user_id bigint NOT NULL,
    global_role_id  bigint NOT NULL REFERENCES global_roles,
    PRIMARY KEY (company_id, portico_user_id, global_role_id),
    FOREIGN KEY (company_id, portico_user_id) REFERENCES portico_users (company_id, id) ON DELETE CASCADE
);

CREATE TABLE favorite_companies (
    user_id    bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    PRIMARY KEY (user_id, company_id)
);

CREATE TABLE favorite_groups (
    user_id  bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    group_id bigint NOT NULL REFERENCES company_groups ON DELETE CASCADE,
    PRIMARY KEY (user_id, group_id)
);

CREATE TABLE notification_settings (
    user_id           bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    -- customer (company domain), portico (root domain), portico_customers (my_customers tab)
    setting_type      text NOT NULL CHECK (setting_type IN ('customer', 'portico', 'portico_customers')),
    trigger           text NOT NULL CHECK (trigger IN (
                          'newMessageThread', 'newMessageInThread', 'newReactionToMyMessage',
                          'urgentMessageThread', 'threadMentionOfMe', 'assignmentChanged',
                          'threadStatusChanged', 'threadDueDateChanged', 'threadDueDateApproaching',
                          'threadDueDateOverdue', 'newFileUploaded', 'accessRightsChanged')),
    notification_type text NOT NULL DEFAULT 'none'
                      CHECK (notification_type IN ('none', 'email_immediately', 'digest', 'every_day')),
    category_ids      bigint[] NOT NULL DEFAULT '{}',
    company_ids       bigint[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (user_id, setting_type, trigger)
);

-- Dynamic fields (company profile, anchor dates) ---------------------------

CREATE TABLE dynamic_fields (
    id          bigserial PRIMARY KEY,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    entity      text NOT NULL DEFAULT 'company' CHECK (entity IN ('company')),
    category_id bigint REFERENCES categories,
    name        text NOT NULL UNIQUE CHECK (name ~ '^[a-z][a-z0-9_]*$'),
    title       text NOT NULL CHECK (title <> ''),
    field_type  text NOT NULL CHECK (field_type IN ('string', 'email', 'link', 'integer', 'number', 'text',
                    'dropdown', 'date', 'datetime', 'boolean', 'checkboxes', 'radios', 'anchor_date')),
    readonly    boolean NOT NULL DEFAULT false,
    required    boolean NOT NULL DEFAULT false,
    settings    jsonb NOT NULL DEFAULT '{}',
    position    int NOT NULL DEFAULT 0
);

CREATE TABLE dynamic_field_values (
    company_id       bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    dynamic_field_id bigint NOT NULL REFERENCES dynamic_fields ON DELETE CASCADE,
    value            jsonb NOT NULL,
    updated_by       bigint REFERENCES users,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, dynamic_field_id)
);

-- Workflows ------------------------------------------------------------------

CREATE TABLE workflows (
    id                bigserial PRIMARY KEY,
    uuid              uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    name              text NOT NULL CHECK (name <> ''),
    label             text,
    description       text,
    category_id       bigint NOT NULL REFERENCES categories,
    consider_holidays boolean NOT NULL DEFAULT true,
    optional_steps    boolean NOT NULL DEFAULT false,
    tags              text[] NOT NULL DEFAULT '{}',
    -- the draft being edited; published versions are in workflow_versions
    structure         jsonb NOT NULL DEFAULT '{"nodes": [], "edges": []}',
    draft             boolean NOT NULL DEFAULT true,
    creator_id        bigint REFERENCES users,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    deleted_at        timestamptz
);
CREATE UNIQUE INDEX workflows_name_key ON workflows (lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX workflows_tags_idx ON workflows USING gin (tags);

CREATE TABLE workflow_countries (
    workflow_id bigint NOT NULL REFERENCES workflows ON DELETE CASCADE,
    country_id  bigint NOT NULL REFERENCES countries,
    PRIMARY KEY (workflow_id, country_id)
);

-- Every publish of a workflow is a version; a run keeps the version it started with.
CREATE TABLE workflow_versions (
    id           bigserial PRIMARY KEY,
    workflow_id  bigint NOT NULL REFERENCES workflows ON DELETE CASCADE,
    version      int NOT NULL CHECK (version > 0),
    structure    jsonb NOT NULL,
    published_by bigint REFERENCES users,
    published_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workflow_id, version)
);

CREATE TABLE company_workflows (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id          bigserial,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    workflow_id bigint NOT NULL REFERENCES workflows,
    country_id  bigint NOT NULL REFERENCES countries,
    parameters  jsonb NOT NULL DEFAULT '{}',
    created_by  bigint REFERENCES users,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, workflow_id)
);
CREATE INDEX company_workflows_workflow_idx ON company_workflows (workflow_id);

CREATE TABLE workflow_triggers (
    company_id          bigint NOT NULL,
    id                  bigserial,
    uuid                uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    company_workflow_id bigint NOT NULL,
    trigger_type        text NOT NULL CHECK (trigger_type IN ('manual', 'schedule', 'anchor_date')),
    data                jsonb NOT NULL DEFAULT '{}',
    next_run_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, company_workflow_id) REFERENCES company_workflows (company_id, id) ON DELETE CASCADE
);

CREATE TABLE workflow_instances (
    company_id            bigint NOT NULL,
    id                    bigserial,
    uuid                  uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    company_workflow_id   bigint NOT NULL,
    workflow_id           bigint NOT NULL REFERENCES workflows,
    workflow_version_id   bigint NOT NULL REFERENCES workflow_versions,
    trigger_id            bigint,
    state                 text NOT NULL DEFAULT 'pending'
                          CHECK (state IN ('pending', 'running', 'completed', 'failed', 'cancelled')),
    completed_steps_count int NOT NULL DEFAULT 0 CHECK (completed_steps_count >= 0),
    total_steps_count     int NOT NULL DEFAULT 0 CHECK (total_steps_count >= 0),
    parameters            jsonb NOT NULL DEFAULT '{}',
    failure_reason        text,
    failed_node_id        text,
    cancelled_by          bigint REFERENCES users,
    temporal_workflow_id  text NOT NULL UNIQUE,
    created_at            timestamptz NOT NULL DEFAULT now(),
    started_at            timestamptz,
    ended_at              timestamptz,
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, company_workflow_id) REFERENCES company_workflows (company_id, id) ON DELETE CASCADE
);
CREATE INDEX workflow_instances_list_idx ON workflow_instances (company_id, created_at DESC, id DESC);
CREATE INDEX workflow_instances_state_idx ON workflow_instances (state, created_at DESC);

CREATE TABLE workflow_instance_steps (
    company_id  bigint NOT NULL,
    instance_id bigint NOT NULL,
    node_id     text NOT NULL,
    state       text NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'running', 'completed', 'skipped', 'failed', 'cancelled')),
    outcome     text,
    thread_id   bigint,
    error       text,
    started_at  timestamptz,
    ended_at    timestamptz,
    PRIMARY KEY (company_id, instance_id, node_id),
    FOREIGN KEY (company_id, instance_id) REFERENCES workflow_instances (company_id, id) ON DELETE CASCADE
);

-- The inbox ------------------------------------------------------------------

CREATE TABLE threads (
    company_id           bigint NOT NULL REFERENCES companies,
    id                   bigserial,
    uuid                 uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    category_id          bigint NOT NULL REFERENCES categories,
    task_type            text NOT NULL DEFAULT 'inbox_task' CHECK (task_type IN ('inbox_task', 'workflow_task')),
    title                text NOT NULL CHECK (title <> ''),
    description          text,
    status               text NOT NULL DEFAULT 'created'
                         CHECK (status IN ('created', 'in_progress', 'closed', 'failed', 'skipped', 'cancelled')),
    priority             text NOT NULL DEFAULT 'medium' CHECK (priority IN ('very_high', 'high', 'medium', 'low')),
    urgent               boolean NOT NULL DEFAULT false,
    due_date             timestamptz,
    completion_date      timestamptz,
    -- hidden threads are in the bin; they can be restored
    hidden               boolean NOT NULL DEFAULT false,
    hidden_at            timestamptz,
    hidden_by            bigint REFERENCES users,
    author_id            bigint REFERENCES users,
    responsible_id       bigint REFERENCES users,
    workflow_instance_id bigint,
    workflow_node_id     text,
    skippable            boolean NOT NULL DEFAULT false,
    external_actions     jsonb NOT NULL DEFAULT '[]',
    copied_from_id       bigint,
    activity_at          timestamptz NOT NULL DEFAULT now(),
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    search               tsvector GENERATED ALWAYS AS (
                             to_tsvector('english', title || ' ' || coalesce(description, '')) ||
                             to_tsvector('finnish', title || ' ' || coalesce(description, '')) ||
                             to_tsvector('swedish', title || ' ' || coalesce(description, ''))) STORED,
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, workflow_instance_id) REFERENCES workflow_instances (company_id, id)
);
-- list orders: open folders put overdue threads first by due date, then activity time;
-- closed and bin order by activity time alone.
CREATE INDEX threads_activity_idx ON threads (company_id, hidden, status, activity_at DESC, id DESC);
CREATE INDEX threads_due_idx ON threads (company_id, hidden, status, due_date, id) WHERE due_date IS NOT NULL;
CREATE INDEX threads_responsible_idx ON threads (company_id, responsible_id, activity_at DESC, id DESC);
CREATE INDEX threads_instance_idx ON threads (company_id, workflow_instance_id) WHERE workflow_instance_id IS NOT NULL;
CREATE INDEX threads_search_idx ON threads USING gin (search);

CREATE TABLE activities (
    company_id    bigint NOT NULL,
    id            bigserial,
    uuid          uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    thread_id     bigint NOT NULL,
    -- inbox_message.create, inbox_attachment.create, inbox_task.create,
    -- status_change_from_X_to_Y, ...
    key           text NOT NULL,
    user_id       bigint REFERENCES users,
    internal      boolean NOT NULL DEFAULT false,
    addition_args jsonb NOT NULL DEFAULT '{}',
    action_at     timestamptz NOT NULL DEFAULT now(),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);
CREATE INDEX activities_thread_idx ON activities (company_id, thread_id, id);

CREATE TABLE attachments (
    company_id  bigint NOT NULL,
    id          bigserial,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    thread_id   bigint NOT NULL,
    activity_id bigint,
    uploader_id bigint REFERENCES users,
    filename    text NOT NULL CHECK (filename <> '' AND filename !~ '[/\\[:cntrl:]]'),
    extension   text NOT NULL DEFAULT '',
    content_type text NOT NULL DEFAULT 'application/octet-stream',
    file_size   bigint NOT NULL CHECK (file_size >= 0),
    blob_key    text NOT NULL,
    uploaded_at timestamptz NOT NULL DEFAULT now(),
    deleted_at  timestamptz,
    deleted_by  bigint REFERENCES users,
    search      tsvector GENERATED ALWAYS AS (to_tsvector('simple', filename)) STORED,
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE,
    FOREIGN KEY (company_id, activity_id) REFERENCES activities (company_id, id)
);
CREATE INDEX attachments_thread_idx ON attachments (company_id, thread_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX attachments_uploaded_idx ON attachments (company_id, uploaded_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX attachments_search_idx ON attachments USING gin (search);

CREATE TABLE messages (
    company_id     bigint NOT NULL,
    id             bigserial,
    uuid           uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    thread_id      bigint NOT NULL,
    activity_id    bigint NOT NULL,
    user_id        bigint REFERENCES users,
    -- sanitised HTML, and its text for search and the length limit
    body           text NOT NULL DEFAULT '',
    body_text      text NOT NULL DEFAULT '' CHECK (length(body_text) <= 16000),
    image_attachment_id bigint,
    replyable_type text CHECK (replyable_type IN ('Inbox_Message', 'Inbox_Attachment')),
    replyable_id   bigint,
    edited_at      timestamptz,
    deleted_at     timestamptz,
    deleted_by     bigint REFERENCES users,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    search         tsvector GENERATED ALWAYS AS (
                       to_tsvector('english', body_text) ||
                       to_tsvector('finnish', body_text) ||
                       to_tsvector('swedish', body_text)) STORED,
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, activity_id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE,
    FOREIGN KEY (company_id, activity_id) REFERENCES activities (company_id, id) ON DELETE CASCADE,
    FOREIGN KEY (company_id, image_attachment_id) REFERENCES attachments (company_id, id)
);
CREATE INDEX messages_thread_idx ON messages (company_id, thread_id, id);
CREATE INDEX messages_search_idx ON messages USING gin (search);

CREATE TABLE reactions (
    company_id  bigint NOT NULL,
    activity_id bigint NOT NULL,
    user_id     bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    emoji       text NOT NULL CHECK (emoji <> '' AND length(emoji) <= 16),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, activity_id, emoji, user_id),
    FOREIGN KEY (company_id, activity_id) REFERENCES activities (company_id, id) ON DELETE CASCADE
);

-- Per-user read state of a thread. unread_count and mentioned are kept by every write.
CREATE TABLE thread_reads (
    company_id            bigint NOT NULL,
    thread_id             bigint NOT NULL,
    user_id               bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    last_read_activity_id bigint,
    read_at               timestamptz,
    unread_count          int NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
    mentioned             boolean NOT NULL DEFAULT false,
    PRIMARY KEY (company_id, thread_id, user_id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);
CREATE INDEX thread_reads_unread_idx ON thread_reads (user_id, company_id) WHERE unread_count > 0;

-- Folder counters per company, category and kind of thread, kept exact in the
-- same transaction as every write, so stats never scan a company's threads.
CREATE TABLE thread_counters (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    category_id bigint NOT NULL REFERENCES categories,
    task_type   text NOT NULL,
    status      text NOT NULL,
    hidden      boolean NOT NULL,
    count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
    PRIMARY KEY (company_id, category_id, task_type, status, hidden)
);

-- Unread threads per user, company, category and kind of thread.
CREATE TABLE unread_counters (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    category_id bigint NOT NULL REFERENCES categories,
    task_type   text NOT NULL,
    count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
    PRIMARY KEY (company_id, user_id, category_id, task_type)
);

-- Generated files: thread PDF and zip archives, made by Temporal export workflows.
CREATE TABLE pdf_files (
    company_id   bigint NOT NULL,
    id           bigserial,
    uuid         uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    thread_id    bigint NOT NULL,
    user_id      bigint NOT NULL REFERENCES users,
    blob_key     text,
    generated_at timestamptz,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);

CREATE TABLE zip_files (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id          bigserial,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    kind        text NOT NULL CHECK (kind IN ('inbox_attachments', 'content')),
    user_id     bigint NOT NULL REFERENCES users,
    -- what to archive: attachment or file ids, or a folder
    request     jsonb NOT NULL DEFAULT '{}',
    blob_key    text,
    archived_at timestamptz,
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id)
);

-- Shared files -----------------------------------------------------------------

CREATE TABLE folders (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id          bigserial,
    uuid        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    parent_id   bigint,
    category_id bigint NOT NULL REFERENCES categories,
    name        text NOT NULL CHECK (name <> '' AND name = btrim(name)),
    -- root folders have depth 1; the tree is at most 24 levels deep
    depth       int NOT NULL CHECK (depth BETWEEN 1 AND 24),
    user_id     bigint REFERENCES users,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, parent_id) REFERENCES folders (company_id, id) ON DELETE CASCADE
);
CREATE INDEX folders_parent_idx ON folders (company_id, parent_id, lower(name), id);
CREATE UNIQUE INDEX folders_name_key ON folders (company_id, coalesce(parent_id, 0), lower(name));

CREATE TABLE files (
    company_id   bigint NOT NULL,
    id           bigserial,
    uuid         uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    folder_id    bigint NOT NULL,
    uploader_id  bigint REFERENCES users,
    filename     text NOT NULL CHECK (filename <> '' AND filename !~ '[/\\[:cntrl:]]'),
    description  text,
    extension    text NOT NULL DEFAULT '',
    content_type text NOT NULL DEFAULT 'application/octet-stream',
    file_size    bigint NOT NULL CHECK (file_size >= 0),
    blob_key     text NOT NULL,
    uploaded_at  timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    FOREIGN KEY (company_id, folder_id) REFERENCES folders (company_id, id) ON DELETE CASCADE
);
CREATE INDEX files_folder_idx ON files (company_id, folder_id, uploaded_at DESC, id DESC);

CREATE TABLE file_activities (
    company_id    bigint NOT NULL,
    id            bigserial,
    uuid          uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    file_id       bigint NOT NULL,
    key           text NOT NULL CHECK (key IN ('company_file.create', 'company_file.destroy', 'company_file.update',
                      'company_file.rename', 'company_file.replace')),
    user_id       bigint REFERENCES users,
    addition_args jsonb NOT NULL DEFAULT '{}',
    action_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id)
);
-- file_id has no foreign key: the history outlives a deleted file (company_file.destroy)
CREATE INDEX file_activities_file_idx ON file_activities (company_id, file_id, action_at DESC, id DESC);

-- Banners and the events log -------------------------------------------------

CREATE TABLE system_banners (
    id           bigserial PRIMARY KEY,
    uuid         uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    company_id   bigint REFERENCES companies ON DELETE CASCADE,
    banner_group text NOT NULL CHECK (banner_group IN ('company', 'global')),
    banner_type  text NOT NULL CHECK (banner_type IN ('info', 'warning')),
    description  text NOT NULL CHECK (description <> '' AND length(description) <= 250),
    dismissible  boolean NOT NULL DEFAULT true,
    user_types   text[] NOT NULL CHECK (cardinality(user_types) > 0
                     AND user_types <@ ARRAY['portico_user', 'customer']),
    created_by   bigint REFERENCES users,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CHECK ((banner_group = 'company') = (company_id IS NOT NULL))
);
CREATE INDEX system_banners_company_idx ON system_banners (company_id, id);

CREATE TABLE banner_dismissals (
    banner_id    bigint NOT NULL REFERENCES system_banners ON DELETE CASCADE,
    user_id      bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    dismissed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, banner_id)
);

CREATE TABLE events_log (
    id                   bigserial PRIMARY KEY,
    company_id           bigint REFERENCES companies ON DELETE SET NULL,
    user_id              bigint REFERENCES users ON DELETE SET NULL,
    event_category       text NOT NULL CHECK (event_category IN ('Users', 'Inbox', 'Files', 'Category', 'Company',
                             'CustomerUser', 'SystemBanner', 'InboundEmail', 'Admin:CustomerUser',
                             'Admin:AgentUser', 'DynamicFieldValue', 'CompanyCategory', 'Workflow')),
    event_name           text NOT NULL,
    event_label_extended text,
    ip                   inet,
    data                 jsonb NOT NULL DEFAULT '{}',
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_log_company_idx ON events_log (company_id, created_at DESC, id DESC);
CREATE INDEX events_log_created_idx ON events_log (created_at DESC, id DESC);
CREATE INDEX events_log_user_idx ON events_log (user_id, created_at DESC);

-- +goose Down
DROP SCHEMA public CASCADE;
CREATE SCHEMA public;
