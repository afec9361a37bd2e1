import { UnitDoctorsList } from '../../components/providers/facility-unit-lists';

/** Route `hospital-doctors/{hospitalId}/{departmentId}`: the doctors of one department. */
export default function DepartmentDoctorsPage() {
  return <UnitDoctorsList slug="hospitals" facilityParam="hospitalId" unitParam="departmentId" />;
}
