import { useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { StaffMembershipsTable } from '../../people';
import { ProfilePageFor } from './ProfilePage';

/** GSProfile (/:selected_company_id/gs-profile/:id): a provider user's profile; back to People. */
export function GsProfilePage() {
  const { selected_company_id: companyId = '', id = '' } = useParams();
  return (
    <ProfilePageFor
      titleKey="gs_profile.title"
      back={paths.people(companyId)}
      memberships={(label) => <StaffMembershipsTable userId={id} label={label} />}
    />
  );
}
