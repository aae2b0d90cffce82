import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PagePart } from '../definition/types';

type Row = Record<string, unknown>;

/** Props of a part opened from a row or toolbar action (it draws its own drawer or modal). */
export interface ActionPartProps {
  config: PagePart;
  row: Row | null;
  selected: Row[];
  routeCode?: string;
  onClose: () => void;
  /** The part changed data: the list reloads. */
  onDone: () => void;
}

/** Props of a part shown beside the list (`aside`): it sets extra list parameters. */
export interface AsidePartProps {
  config: PagePart;
  onParams: (params: Record<string, unknown>) => void;
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const actionParts = new Map<string, LazyExoticComponent<ComponentType<ActionPartProps>>>();
const asideParts = new Map<string, LazyExoticComponent<ComponentType<AsidePartProps>>>();

/**
 * Renderer parts a definition may name: screens that need more than a list (role permission tree,
 * dictionary items). Each loads on first use.
 */
export function registerActionPart(name: string, load: Loader<ActionPartProps>): void {
  actionParts.set(name, lazy(load));
}

export function registerAsidePart(name: string, load: Loader<AsidePartProps>): void {
  asideParts.set(name, lazy(load));
}

export function actionPart(name: string) {
  return actionParts.get(name) ?? null;
}

export function asidePart(name: string) {
  return asideParts.get(name) ?? null;
}

registerActionPart('PermissionTreeDrawer', () => import('./PermissionTreeDrawer'));
registerActionPart('SubList', () => import('./SubList'));
registerActionPart('LabelPicker', () => import('./LabelPicker'));
registerAsidePart('DepartTreeFilter', () => import('./DepartTreeFilter'));
registerActionPart('RecycleBin', () => import('../recycle/RecycleBin'));
registerActionPart('TrackLink', () => import('../track/TrackLink'));
registerActionPart('ApplyLink', () => import('../../pages/data-apply/ApplyLink'));
registerActionPart('DeriveForm', () => import('../derive/DeriveForm'));
registerActionPart('ApiKeyIssue', () => import('../../pages/api-key/ApiKeyIssue'));
