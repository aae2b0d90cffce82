import { schemasWithFixture } from './track-fixtures.js';

/** The fixture module of a tree entity (树形分类, parentId → itself) and an entity referring to it. */
export const TREE_FIXTURE = 'tests/fixtures/schemas/tree';

/** The platform definitions plus the tree fixture module: a server for tree tests. */
export const treeSchemas = () => schemasWithFixture(TREE_FIXTURE, 'tree');
