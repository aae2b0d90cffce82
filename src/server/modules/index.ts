import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { menuRoutes } from './menu/routes.js';
import { recoveryRoutes } from './auth/recovery-routes.js';
import { permissionRoutes } from './permission/routes.js';
import { dictRoutes } from './dict/routes.js';
import { categoryRoutes } from './category/routes.js';
import { duplicateRoutes } from './duplicate/routes.js';
import { checkRuleRoutes } from './check-rule/routes.js';
import { userRoutes } from './user/routes.js';
import { roleRoutes } from './role/routes.js';
import { departRoutes } from './depart/routes.js';
import { positionRoutes } from './position/routes.js';
import { tenantRoutes } from './tenant/routes.js';
import { announcementRoutes } from './announcement/routes.js';
import { messageRoutes } from './message/routes.js';
import { messageTemplateRoutes } from './message/template-routes.js';
import { messageSendRoutes } from './message/send-routes.js';
import { labelRoutes } from './label/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { wsRoutes } from './ws/routes.js';
import { onlineRoutes } from './online/routes.js';
import { todoRoutes } from './online/todo-routes.js';
import { excelRoutes } from './excel/routes.js';
import { schemaRoutes } from './schema/routes.js';
import { dashboardRoutes } from './schema/dashboard-routes.js';
import { reportRoutes } from './report/routes.js';
import { statRoutes } from './stats/routes.js';
import { uploadRoutes } from './upload/routes.js';
import { logRoutes } from './log/routes.js';
import { historyRoutes } from './history/routes.js';
import { trackRoutes } from './track/routes.js';
import { auditRoutes } from './audit/routes.js';
import { doctorCardRoutes } from './doctor-card/routes.js';
import { apiKeyRoutes } from './api-key/routes.js';
import { deviceRoutes } from './api-key/device-routes.js';
import { formRoutes } from './form/routes.js';

/** Every API module, registered under the API base path. One folder per domain. */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  recoveryRoutes,
  menuRoutes,
  permissionRoutes,
  dictRoutes,
  categoryRoutes,
  duplicateRoutes,
  checkRuleRoutes,
  userRoutes,
  roleRoutes,
  departRoutes,
  positionRoutes,
  tenantRoutes,
  announcementRoutes,
  messageRoutes,
  messageTemplateRoutes,
  messageSendRoutes,
  labelRoutes,
  feedbackRoutes,
  wsRoutes,
  onlineRoutes,
  todoRoutes,
  excelRoutes,
  schemaRoutes,
  dashboardRoutes,
  reportRoutes,
  statRoutes,
  uploadRoutes,
  logRoutes,
  historyRoutes,
  trackRoutes,
  auditRoutes,
  doctorCardRoutes,
  apiKeyRoutes,
  deviceRoutes,
  formRoutes,
];
