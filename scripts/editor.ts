/**
 * `npm run editor`: the hosted editor for the content team (sign-in, change sets, review,
 * publish), on its own clone of the site's repository (src/editor/server/hosted/). Settings come
 * from the environment (docs/editor.md, "Hosting the editor"); with none, it runs on
 * http://127.0.0.1:5190 with a local bare repository made from this checkout and local accounts
 * in ./editor-data/editor.db.
 *
 *   npm run editor [-- --port N]
 *   npm run editor -- user add <email> --role editor [--role translator --lang te] [--password P]
 *   npm run editor -- user list | user roles <email> --role ... | user password <email> | user remove <email>
 *
 * `npm run edit` is the developer's editor on their own working tree, with no sign-in.
 */
import { editorCommand } from "../src/editor/server/hosted/cli";

const code = await editorCommand(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`));
if (code !== undefined) process.exit(code);
