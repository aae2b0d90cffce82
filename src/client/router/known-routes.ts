/// <reference types="vite/client" />
import type { MenuDef } from '../../shared/schema-types';
import { menuRoutePaths } from './forbidden-routes';

// The product's own menu definitions, read at build time: they tell a page that exists but is not granted
// to this user (403) from an address that names nothing (404). The user's menu alone cannot tell them apart.
const MENU_FILES = import.meta.glob<MenuDef[]>(
  ['../../../schemas/menus/*.json', '../../../schemas/modules/*/menus/*.json'],
  {
    eager: true,
    import: 'menus',
  },
);

/** Every page address the shipped menu definitions name, whoever may open it. */
export const KNOWN_ROUTE_PATHS: readonly string[] = Object.values(MENU_FILES).flatMap(menuRoutePaths);
