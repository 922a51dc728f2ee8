import type { SetupKitView } from '../../../contracts/integrations.ts';
import {
  ACTION_ROLE_NAME,
  actionRolePolicy,
  actionRoleTrustPolicy,
} from '../../../domain/resource-actions.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { ApiError } from '../../plugins/errors.ts';
import { cloudFormationTemplate, quickCreateUrl } from './aws/cloudformation-template.ts';
import { assertCanManage, type IntegrationsService } from './integrations.service.ts';

/** The public template URL CloudFormation's quick-create page fetches (it carries no ExternalId). */
export const PUBLIC_TEMPLATE_PATH = '/api/integrations/cloudformation-template.yaml';

const notSetUpForRealAws = () =>
  new ApiError(
    409,
    'AwsAccountUnknown',
    'This server is not set up for real AWS accounts: it has no AWS credentials of its own and ' +
      'SPENDGUARD_AWS_ACCOUNT_ID is not set, so there is no account a role could trust. ' +
      'Upload a billing file, or try the demo account.',
  );

/**
 * The setup screen's template download and quick-create link, per integration and its ExternalId.
 * The role trusts the server's own account; without one no template is handed out (decision 030).
 */
export function createAwsSetupService(deps: {
  integrations: IntegrationsService;
  aws?: AwsAccess;
  publicUrl: string;
}) {
  const spendguardAccountId = deps.aws?.spendguardAccountId;
  const region = deps.aws?.region ?? 'us-east-1';

  function templateFor(externalId: string, withExport: boolean): string {
    if (!spendguardAccountId) throw notSetUpForRealAws();
    return cloudFormationTemplate({ externalId, spendguardAccountId, withExport });
  }

  function kitFor(externalId: string, withExport: boolean, downloadUrl: string | null): SetupKitView {
    const unknown = { template: null, template_url: null, quick_create_url: null };
    const input = spendguardAccountId && { externalId, spendguardAccountId, withExport };
    return {
      external_id: externalId,
      ...(input
        ? {
            template: cloudFormationTemplate(input),
            template_url:
              downloadUrl ?? `${PUBLIC_TEMPLATE_PATH}?external_id=${externalId}&with_export=${withExport}`,
            quick_create_url: quickCreateUrl({
              ...input,
              region,
              templateUrl: `${deps.publicUrl}${PUBLIC_TEMPLATE_PATH}`,
            }),
          }
        : unknown),
      region,
      spendguard_account_id: spendguardAccountId ?? null,
      demo_available: deps.aws?.demo !== undefined,
      local_credentials: deps.aws?.localCredentials === true,
      action_role: {
        name: ACTION_ROLE_NAME,
        permission_policy: JSON.stringify(actionRolePolicy(), null, 2),
        trust_policy: spendguardAccountId
          ? JSON.stringify(actionRoleTrustPolicy(spendguardAccountId, externalId), null, 2)
          : null,
      },
    };
  }

  async function awsRoleIntegration(viewer: Viewer, integrationId: string) {
    const row = await deps.integrations.requireIntegration(viewer, integrationId);
    if (row.kind !== 'aws-role')
      throw new ApiError(
        400,
        'NotAnAwsRole',
        'id: only AWS role integrations have a CloudFormation template.',
      );
    return row;
  }

  return {
    publicTemplate: (externalId = '', withExport = false) => templateFor(externalId, withExport),
    async template(viewer: Viewer, integrationId: string, withExport: boolean) {
      const row = await awsRoleIntegration(viewer, integrationId);
      return templateFor(row.external_id, withExport);
    },
    async kit(viewer: Viewer, integrationId: string, withExport: boolean): Promise<SetupKitView> {
      const row = await awsRoleIntegration(viewer, integrationId);
      return kitFor(
        row.external_id,
        withExport,
        `/api/integrations/${row.id}/cloudformation-template?with_export=${withExport}`,
      );
    },
    /** Before an integration exists: a fresh ExternalId (or the one the screen holds, issued to this organization). */
    newKit(viewer: Viewer, externalId: string | undefined, withExport: boolean): SetupKitView {
      assertCanManage(viewer);
      return kitFor(deps.integrations.externalIdFor(viewer, externalId), withExport, null);
    },
  };
}

export type AwsSetupService = ReturnType<typeof createAwsSetupService>;
