import { ANY_ROUTES, FEATURE_ROUTES } from '../../../../authProvider/routes';
import { PERMISSION_MEANINGS } from '../../../../schema/accessSettings';
import { FEATURES, type FeatureDefinition, defaultGrants } from '../../../../schema/features';
import { NAV_FEATURES, RECORD_RESOURCES } from '../../../../schema/resources';
import { PERMISSIONS, ROLES, type RoleName } from '../../../../schema/roles';
import { letterOf, letters } from './lettersOf';
import { SCREEN_PATHS, screenAnchor } from './screens';

/**
 * The parts of the documentation written from the product's own declarations rather than by hand, so they cannot
 * drift from what the app does: `<!-- haulboard:name -->` in a page's Markdown is replaced by GENERATED[name]().
 */

const cell = (text: string) => text.replace(/\|/g, '\\|');
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: string[], rows: string[][]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const PEOPLE_ROLES = ROLES.filter((role): role is Exclude<RoleName, 'Any'> => role !== 'Any');

const featureByKey = new Map<string, FeatureDefinition>(FEATURES.map((f) => [f.key, f]));
const featureByUri = new Map<string, FeatureDefinition>(FEATURES.map((f) => [f.uri, f]));

/** Roles that read a feature in a new installation (Administrators read everything). */
const readers = (feature: FeatureDefinition) => PEOPLE_ROLES.filter((role) => defaultGrants(feature, role).includes('Read'));

/** The pages an address opens under a screen (its create and edit pages…), from the router's own list. */
const subRoutes = (screen: string) => FEATURE_ROUTES.filter((route) => route.startsWith(`${screen}/`) && !SCREEN_PATHS.some((other) => other !== screen && other.length > screen.length && route.startsWith(`${other}/`)));

/** The feature(s) whose Read opens a screen: its own, a sidebar entry's parent's, or a record resource's readers. */
function governing(screen: string): { features: FeatureDefinition[]; anyone: boolean } {
  if ((ANY_ROUTES as readonly string[]).includes(screen)) return { features: [], anyone: true };
  const own = featureByUri.get(screen);
  if (own) return { features: [own], anyone: false };
  const nav = NAV_FEATURES.find((f) => f.uri === screen);
  if (nav) return { features: [featureByKey.get(nav.parent)!], anyone: false };
  const def = RECORD_RESOURCES.find((d) => d.route === screen);
  return { features: (def?.readFeatures ?? []).map((key) => featureByKey.get(key)!), anyone: false };
}

function titleOf(screen: string): string {
  return featureByUri.get(screen)?.title ?? NAV_FEATURES.find((f) => f.uri === screen)?.title ?? RECORD_RESOURCES.find((d) => d.route === screen)?.plural
    ?? screen.replace(/^\/app\//, '');
}

/** Every screen: its route and the pages under it, the feature that governs it and who reads it by default. */
function screens(): string {
  const rows = SCREEN_PATHS.map((screen) => {
    const { features, anyone } = governing(screen);
    const under = subRoutes(screen).map((route) => `\`${route.slice(screen.length)}\``).join(', ');
    const who = anyone ? 'Any signed-in user' : [...new Set(['Administrator', ...features.flatMap(readers)])].join(', ');
    return [
      `[${titleOf(screen)}](#${screenAnchor(screen)})`,
      `\`${screen}\`${under ? ` (and ${under})` : ''}`,
      anyone ? 'Any' : features.map((f) => `${f.title} (\`${f.key}\`)`).join(' or '),
      features[0]?.section ?? '—',
      who,
    ];
  });
  return table(['Screen', 'Route', 'Governed by (Read on)', 'Sidebar section', 'Who reads it by default'], rows);
}

function permissionMeanings(): string {
  return table(['Permission', 'Letter', 'What it allows'], PERMISSIONS.map((p) => [p, letterOf(p), PERMISSION_MEANINGS[p]]));
}

/** The matrix a new installation starts with, one row per screen: each role that holds anything, with its letters. */
function defaultPermissions(): string {
  const rows = FEATURES.map((feature) => {
    const grants = PEOPLE_ROLES.map((role) => [role, letters(defaultGrants(feature, role))] as const).filter(([, held]) => held);
    return [`${feature.title}`, feature.section, grants.map(([role, held]) => `${role} ${held}`).join(', ')];
  });
  return table(['Screen', 'Section', 'Roles and their permissions'], rows);
}

export const GENERATED = {
  screens,
  'permission-meanings': permissionMeanings,
  'default-permissions': defaultPermissions,
} as const;
