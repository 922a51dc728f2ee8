import { type Kysely, sql } from 'kysely';

/**
 * The slugs of members and teams (routes /organization-member/{slug} and /teams/{slug}), unique per
 * organization, and the spend each team owns (usage accounts and tag pairs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_slugs')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'uuid', (col) => col.notNull().references('member.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_slugs_pkey', ['organization_id', 'member_id'])
    .addUniqueConstraint('member_slugs_organization_slug', ['organization_id', 'slug'])
    .execute();

  await db.schema
    .createTable('team_slugs')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'uuid', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_slugs_pkey', ['organization_id', 'team_id'])
    .addUniqueConstraint('team_slugs_organization_slug', ['organization_id', 'slug'])
    .execute();

  await db.schema
    .createTable('team_cost_scopes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'uuid', (col) => col.notNull().references('team.id').onDelete('cascade'))
    .addColumn('usage_account_id', 'text')
    .addColumn('tag_key', 'text')
    .addColumn('tag_value', 'text')
    .addCheckConstraint(
      'team_cost_scopes_one_kind',
      sql`(usage_account_id is not null and tag_key is null and tag_value is null)
        or (usage_account_id is null and tag_key is not null and tag_value is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('team_cost_scopes_organization_team')
    .on('team_cost_scopes')
    .columns(['organization_id', 'team_id'])
    .execute();

  // Members and teams made before this migration get a slug that cannot collide: name plus id prefix.
  await sql`
    insert into member_slugs (organization_id, member_id, slug)
    select m."organizationId", m.id,
      coalesce(nullif(trim(both '-' from regexp_replace(lower(split_part(u.email, '@', 1)), '[^a-z0-9]+', '-', 'g')), ''), 'member')
        || '-' || left(m.id::text, 8)
    from member m join "user" u on u.id = m."userId"`.execute(db);
  await sql`
    insert into team_slugs (organization_id, team_id, slug)
    select t."organizationId", t.id,
      coalesce(nullif(trim(both '-' from regexp_replace(lower(t.name), '[^a-z0-9]+', '-', 'g')), ''), 'team')
        || '-' || left(t.id::text, 8)
    from team t`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_cost_scopes').execute();
  await db.schema.dropTable('team_slugs').execute();
  await db.schema.dropTable('member_slugs').execute();
}
