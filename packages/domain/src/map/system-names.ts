import { FOLDER_TYPES } from './projects.js';

/**
 * Names the server gives the folders and layers it makes itself (stored in English, as every client
 * reads them), each with the message id the app shows it with in the user's language. A folder or
 * layer the user renamed keeps the user's name.
 */
export const SYSTEM_NAMES = {
  featureFolder: 'Features',
  featureLayers: [
    ['Points', 'point'],
    ['Lines', 'line'],
    ['Polygons', 'polygon'],
  ],
  /** The forms folder takes the first of these no sibling folder uses. */
  formsFolder: ['Forms', 'HTML Forms', 'Project Forms'],
  oneCallFolder: ['One Call', 'One-Call Tickets', 'Special'],
  leaderLayer: 'Leaders',
} as const;

const MESSAGES: Record<string, string> = {
  Features: 'app.system-name.features',
  Points: 'app.system-name.points',
  Lines: 'app.system-name.lines',
  Polygons: 'app.system-name.polygons',
  Forms: 'app.system-name.forms',
  'HTML Forms': 'app.system-name.html-forms',
  'Project Forms': 'app.system-name.project-forms',
  'One Call': 'app.system-name.one-call',
  'One-Call Tickets': 'app.system-name.one-call-tickets',
  Special: 'app.system-name.special',
  Leaders: 'app.system-name.leaders',
};

/** Folder types and layer server names whose default names are the system's. */
const SYSTEM_FOLDER_TYPES: string[] = [FOLDER_TYPES.features, FOLDER_TYPES.forms, FOLDER_TYPES.special];
const SYSTEM_LAYER_KINDS = ['point', 'line', 'polygon', 'leader'];

/**
 * The message id a folder's or layer's name is shown with, and the number the server added to make it
 * unique ("Leaders 2" → ' 2'), when it is a name the system gave; null for a user's own name.
 */
export function systemNameOf(entity: {
  name: string;
  folderType?: string | null;
  serverName?: string | null;
}): { messageId: string; suffix: string } | null {
  const made =
    (entity.folderType != null && SYSTEM_FOLDER_TYPES.includes(entity.folderType)) ||
    (entity.serverName != null && SYSTEM_LAYER_KINDS.includes(entity.serverName));
  if (!made) return null;
  const match = /^(.*?)( \d+)?$/.exec(entity.name);
  const messageId = match && MESSAGES[match[1]];
  return messageId ? { messageId, suffix: match[2] ?? '' } : null;
}
