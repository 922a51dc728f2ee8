import type { SetupKitView } from '../../../contracts/integrations.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { ApiError } from '../../plugins/errors.ts';
import type { Viewer } from '../accounts/viewer.ts';
import { cloudFormationTemplate, quickCreateUrl } from './aws/cloudformation-template.ts';
import type { IntegrationsService } from './integrations.service.ts';

/** The public template URL CloudFormation's quick-create page fetches (it carries no ExternalId). */
export const PUBLIC_TEMPLATE_PATH = '/api/integrations/cloudformation-template.yaml';

/** The setup screen's template download and quick-create link, per integration and its ExternalId. */
export function createAwsSetupService(deps: {
  integrations: IntegrationsService;
  aws?: AwsAccess;
  publicUrl: string;
}) {
  const spendguardAccountId = deps.aws?.spendguardAccountId ?? '000000000000';

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
    publicTemplate: () => cloudFormationTemplate({ externalId: '', spendguardAccountId, withExport: false }),
    async template(viewer: Viewer, integrationId: string, withExport: boolean) {
      const row = await awsRoleIntegration(viewer, integrationId);
      return cloudFormationTemplate({ externalId: row.external_id, spendguardAccountId, withExport });
    },
    async kit(viewer: Viewer, integrationId: string, withExport: boolean): Promise<SetupKitView> {
      const row = await awsRoleIntegration(viewer, integrationId);
      const input = { externalId: row.external_id, spendguardAccountId, withExport };
      return {
        external_id: row.external_id,
        template_url: `/api/integrations/${row.id}/cloudformation-template?with_export=${withExport}`,
        quick_create_url: quickCreateUrl({
          ...input,
          templateUrl: `${deps.publicUrl}${PUBLIC_TEMPLATE_PATH}`,
        }),
        spendguard_account_id: spendguardAccountId,
        demo_available: deps.aws?.demo !== undefined,
      };
    },
  };
}

export type AwsSetupService = ReturnType<typeof createAwsSetupService>;
