import vxeTableBar from "./src/bar";
import { withInstall } from "@pureadmin/utils";

/** 配合 `vxe-table` 实现快速便捷的表格操作 */
export const VxeTableBar = withInstall(vxeTableBar);
