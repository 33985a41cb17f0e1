import reImageVerify from "./src/index.vue";
import { withInstall } from "@pureadmin/utils";

/** 图形验证码组件 */
export const ReImageVerify = withInstall(reImageVerify);

export default ReImageVerify;
