import type { Migration } from 'kysely';
import * as foundation from './20261121T2100_foundation.ts';
import * as models from './20261121T2200_models.ts';
import * as issuesMarkups from './20261121T2300_issues_markups.ts';
import * as issueViewpoints from './20261121T2330_issue_viewpoints.ts';
import * as dsear from './20261122T0000_dsear.ts';
import * as objectIdentity from './20261123T0900_object_identity.ts';
import * as workflow from './20261123T1200_workflow.ts';
import * as emailOutbox from './20261123T1300_email_outbox.ts';
import * as projectData from './20261123T1400_project_data.ts';
import * as pidSketches from './20261124T1000_pid_sketches.ts';
import * as training from './20261124T1200_training.ts';
import * as feedback from './20261124T1210_feedback.ts';
import * as supplierRegister from './20261124T1230_supplier_register.ts';
import * as folderNames from './20261124T1400_folder_names.ts';
import * as auditLog from './20261124T1410_audit_log.ts';
import * as signinFailures from './20261124T1500_signin_failures.ts';
import * as oidc from './20261125T1000_oidc.ts';
import * as itemTables from './20261125T1100_item_tables.ts';
import * as workflowDueReminders from './20261128T0200_workflow_due_reminders.ts';
import * as valueLocks from './20261128T0500_value_locks.ts';
import * as dsearAttachments from './20261128T0600_dsear_attachments.ts';
import * as issueSnapshots from './20261201T1000_issue_snapshots.ts';
import * as savedViews from './20261201T1100_saved_views.ts';
import * as propertyColumns from './20261203T1000_property_columns.ts';
import * as transmittals from './20261204T1000_transmittals.ts';
import * as infoStandard from './20261204T1035_info_standard.ts';
import * as drawingPageCounts from './20261205T1000_drawing_page_counts.ts';
import * as outboxKeptText from './20261206T1000_outbox_kept_text.ts';
import * as modelCompares from './20261204T1000_model_compares.ts';
import * as modelGeoreferences from './20261204T0930_model_georeferences.ts';
import * as resumableUploads from './20261205T1200_resumable_uploads.ts';
import * as ids from './20261206T1000_ids.ts';
import * as sketchVersions from './20261207T1000_sketch_versions.ts';

/** Every migration, keyed by its timestamped name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '20261121T2100_foundation': foundation,
  '20261121T2200_models': models,
  '20261121T2300_issues_markups': issuesMarkups,
  '20261121T2330_issue_viewpoints': issueViewpoints,
  '20261122T0000_dsear': dsear,
  '20261123T0900_object_identity': objectIdentity,
  '20261123T1200_workflow': workflow,
  '20261123T1300_email_outbox': emailOutbox,
  '20261123T1400_project_data': projectData,
  '20261124T1000_pid_sketches': pidSketches,
  '20261124T1200_training': training,
  '20261124T1210_feedback': feedback,
  '20261124T1230_supplier_register': supplierRegister,
  '20261124T1400_folder_names': folderNames,
  '20261124T1410_audit_log': auditLog,
  '20261124T1500_signin_failures': signinFailures,
  '20261125T1000_oidc': oidc,
  '20261125T1100_item_tables': itemTables,
  '20261128T0200_workflow_due_reminders': workflowDueReminders,
  '20261128T0500_value_locks': valueLocks,
  '20261128T0600_dsear_attachments': dsearAttachments,
  '20261201T1000_issue_snapshots': issueSnapshots,
  '20261201T1100_saved_views': savedViews,
  '20261203T1000_property_columns': propertyColumns,
  '20261204T0930_model_georeferences': modelGeoreferences,
  '20261204T1000_model_compares': modelCompares,
  '20261204T1000_transmittals': transmittals,
  '20261204T1035_info_standard': infoStandard,
  '20261205T1000_drawing_page_counts': drawingPageCounts,
  '20261205T1200_resumable_uploads': resumableUploads,
  '20261206T1000_ids': ids,
  '20261206T1000_outbox_kept_text': outboxKeptText,
  '20261207T1000_sketch_versions': sketchVersions,
};
