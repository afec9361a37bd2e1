import { FacilityUnitsList } from '../../components/providers/facility-unit-lists';

/** Route `hospital-department/{hospitalId}`: a medical institution's departments. */
export default function DepartmentsPage() {
  return <FacilityUnitsList slug="hospitals" param="hospitalId" />;
}
