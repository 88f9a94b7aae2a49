import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { prepareDatabase } from '../db/prepare.js';
import { applyAssignments } from './settings.js';

const USAGE = `Fieldbook operator commands (stop the server first when it runs on the embedded database):

  npm run admin -- org:list
  npm run admin -- org:flags <organization id or name> key=value [key=value …]

Keys: maxUsers, rtkSeats, type (plus|standard), userInfo.viewers|editors|dataCollectors|powerUsers,
userInfo=none, or any functionality flag, e.g. onecall_enabled=false, organizations.enabled=true.`;

async function main(argv: string[]) {
  const [command, orgRef, ...assignments] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db);
    const { db } = database;
    if (command === 'org:list') {
      const rows = await db
        .selectFrom('organizations')
        .select(['id', 'name', 'type', 'max_users', 'parent_id'])
        .orderBy('name')
        .execute();
      for (const r of rows)
        console.log(
          `${r.id}  ${r.name}  (${r.type}, maxUsers ${r.max_users ?? '—'}${r.parent_id ? `, child of ${r.parent_id}` : ''})`,
        );
      return;
    }
    if (command !== 'org:flags' || !orgRef || assignments.length === 0) throw new Error(USAGE);
    const isUuid = /^[0-9a-f-]{36}$/i.test(orgRef);
    const matches = await db
      .selectFrom('organizations')
      .selectAll()
      .where((eb) => (isUuid ? eb('id', '=', orgRef) : eb(eb.fn('lower', ['name']), '=', orgRef.toLowerCase())))
      .execute();
    if (matches.length !== 1)
      throw new Error(
        matches.length ? `"${orgRef}" names several organizations; use the id` : `no organization "${orgRef}"`,
      );
    const org = matches[0];
    const next = applyAssignments(
      {
        type: org.type,
        maxUsers: org.max_users,
        rtkSeats: org.rtk_seats,
        userInfo: org.user_info ?? null,
        functionalityFlags: org.functionality_flags ?? {},
      },
      assignments,
    );
    await db
      .updateTable('organizations')
      .set({
        type: next.type,
        max_users: next.maxUsers,
        rtk_seats: next.rtkSeats,
        user_info: next.userInfo ? JSON.stringify(next.userInfo) : null,
        functionality_flags: JSON.stringify(next.functionalityFlags),
        updated_at: new Date(),
      })
      .where('id', '=', org.id)
      .execute();
    console.log(JSON.stringify({ id: org.id, name: org.name, ...next }, null, 2));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
