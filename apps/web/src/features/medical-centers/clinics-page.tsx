import { FacilityUnitsList } from '../../components/providers/facility-unit-lists';

/** Route `medical-center-clinics/{medicalCenterId}`: a medical center's clinics. */
export default function ClinicsPage() {
  return <FacilityUnitsList slug="medical-centers" param="medicalCenterId" />;
}
