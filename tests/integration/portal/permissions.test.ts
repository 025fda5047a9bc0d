import { describePermissionMatrix } from './support/permission-matrix'

describePermissionMatrix('permission matrix on the embedded PostgreSQL', () => ({}))
