import { UnitDoctorsList } from '../../components/providers/facility-unit-lists';

/** Route `medical-center-doctors/{medicalCenterId}/{clinicId}`: the doctors of one clinic. */
export default function ClinicDoctorsPage() {
  return <UnitDoctorsList slug="medical-centers" facilityParam="medicalCenterId" unitParam="clinicId" />;
}
